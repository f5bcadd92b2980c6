import { describe, expect, it } from 'vitest'
import { timeOrderedId } from '../../server/db/ids.ts'

describe('time-ordered ids', () => {
  it('are UUID version 7 with the RFC variant, the time in their first 48 bits', () => {
    const id = timeOrderedId(Date.UTC(2026, 10, 23, 12))
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(parseInt(id.replace('-', '').slice(0, 12), 16)).toBe(Date.UTC(2026, 10, 23, 12))
  })

  it('sort by creation time and never repeat', () => {
    const ids = Array.from({ length: 5000 }, (_, index) => timeOrderedId(1_800_000_000_000 + index))
    expect([...ids].sort()).toEqual(ids)
    expect(new Set(Array.from({ length: 5000 }, () => timeOrderedId())).size).toBe(5000)
  })

  it('sort in the order they were made within one millisecond', () => {
    const ids = Array.from({ length: 100 }, () => timeOrderedId(1_900_000_000_000))
    expect([...ids].sort()).toEqual(ids)
  })
})
