import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import { formattersFor } from '../../src/ui/common/format.ts'
import { DateRangePicker } from '../../src/ui/common/DateRangePicker.tsx'
import { renderWithProviders } from './providers.tsx'

const RANGE = { start: '2026-03-05', end: '2026-03-15' }

/** A browser whose reader lists these languages. */
const browserLanguages = (languages: string[]) =>
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages)

describe("dates in the reader's English", () => {
  afterEach(() => vi.restoreAllMocks())

  it('writes the month first for an en-US browser', async () => {
    browserLanguages(['en-US', 'en'])
    expect(formattersFor('en').numericDate('2026-03-05')).toBe('03/05/2026')
    expect(formattersFor('en').date('2026-03-05')).toBe('Mar 5, 2026')
    await renderWithProviders(<DateRangePicker range={RANGE} onChange={() => {}} />)
    expect(screen.getByRole('button', { name: 'Start date: 03/05/2026' })).toBeTruthy()
  })

  it('writes the day first for an en-GB browser, and for a browser that lists no English region', () => {
    for (const languages of [['en-GB'], ['ar-SA', 'en'], ['fr-FR']]) {
      browserLanguages(languages)
      expect(formattersFor('en').numericDate('2026-03-05')).toBe('05/03/2026')
      expect(formattersFor('en').date('2026-03-05')).toBe('5 Mar 2026')
    }
  })

  it('leaves Arabic as it is, whatever English the browser reads', () => {
    browserLanguages(['en-US', 'en'])
    expect(formattersFor('ar').numericDate('2026-03-05')).toBe('٠٥/٠٣/٢٠٢٦')
  })
})
