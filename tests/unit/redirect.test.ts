import { describe, expect, it } from 'vitest'
import { nextPath } from '../../src/common/redirect.ts'

const asked = (next: string) => nextPath(`?next=${encodeURIComponent(next)}`)

describe('the page to go to after signing in', () => {
  it('keeps a path of ours, with its query', () => {
    expect(asked('/calendar?view=timeline')).toBe('/calendar?view=timeline')
    expect(asked('/properties')).toBe('/properties')
    // An escaped backslash stays a character of a path on our origin.
    expect(asked('/%5C%5Cevil.com')).toBe('/%5C%5Cevil.com')
  })

  it('refuses anything that leaves our origin, and falls back to the dashboard', () => {
    for (const next of ['//evil.com', '/\\evil.com', '/\\/evil.com', 'https://evil.com', 'evil.com'])
      expect(asked(next)).toBe('/dashboard')
    expect(nextPath('')).toBe('/dashboard')
  })
})
