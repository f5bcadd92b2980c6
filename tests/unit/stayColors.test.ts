import { describe, expect, it } from 'vitest'
import { colorOrderOf, EVENT_COLORS, stayColors } from '../../src/domain/stayColors.ts'

type Keyed = { key: string; start: string; end: string }
const keyOf = (stay: Keyed) => stay.key
const stay = (key: string, start: string, end: string): Keyed => ({ key, start, end })

describe("a stay's colour", () => {
  it('is one of the ten, in an order of its own that holds each colour once', () => {
    const order = colorOrderOf('property-1:uid-1')
    expect([...order].sort()).toEqual([...EVENT_COLORS].sort())
    expect(colorOrderOf('property-1:uid-1')).toEqual(order)
  })

  it('spreads keys over the whole palette', () => {
    const firsts = new Set(Array.from({ length: 200 }, (_, index) => colorOrderOf(`p:${index}`)[0]))
    expect(firsts).toEqual(new Set(EVENT_COLORS))
  })

  it('is the same whatever other stays load with it, far ones added or gone', () => {
    const stays = [stay('p:a', '2026-03-01', '2026-03-04'), stay('p:b', '2026-03-10', '2026-03-12')]
    const alone = stayColors(stays, keyOf)
    const crowded = stayColors(
      [
        stay('p:old', '2025-01-01', '2025-01-05'),
        ...stays.reverse(),
        stay('p:late', '2027-01-01', '2027-01-02'),
      ],
      keyOf,
    )
    expect(crowded.get('p:a')).toBe(alone.get('p:a'))
    expect(crowded.get('p:b')).toBe(alone.get('p:b'))
    expect(alone.get('p:a')).toBe(colorOrderOf('p:a')[0])
  })

  it('differs from every stay it touches or overlaps, up to ten of them', () => {
    // Eleven back-to-back and overlapping stays on one property: whatever their keys draw,
    // no two that meet share a colour while the ten last.
    const stays = Array.from({ length: 10 }, (_, index) =>
      stay(`p:${index}`, `2026-04-${String(index + 1).padStart(2, '0')}`, '2026-04-20'),
    )
    const colors = stayColors(stays, keyOf)
    expect(new Set(colors.values()).size).toBe(10)
    const touching = [stay('p:x', '2026-05-01', '2026-05-03'), stay('p:y', '2026-05-03', '2026-05-05')]
    const pair = stayColors(touching, keyOf)
    expect(pair.get('p:x')).not.toBe(pair.get('p:y'))
  })
})
