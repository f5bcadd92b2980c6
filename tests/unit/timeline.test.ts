import { describe, expect, it } from 'vitest'
import type { Booking } from '../../src/domain/bookings.ts'
import { ALL, passesFilters, timelineRows, type TimelineWindow } from '../../src/domain/timeline.ts'
import { barPlacement } from '../../src/ui/calendar/Timeline.tsx'
import { aBooking } from '../ui/builders.ts'

const stay = (overrides: Partial<Booking> & Pick<Booking, 'uid' | 'start' | 'end'>): Booking =>
  aBooking({ propertyId: 'villa', ...overrides })

const VILLA = { id: 'villa', name: 'Palm Villa' }
const LOFT = { id: 'loft', name: 'Corniche Loft' }
const MARCH: TimelineWindow = { start: '2026-03-01', days: 14 }

/** Each bar as "uid@column+span/lane", with its clipped edges. */
const bars = (stays: Booking[], window: TimelineWindow = MARCH, properties = [VILLA]) =>
  timelineRows(stays, properties, window).map((row) => ({
    property: row.property.id,
    lanes: row.lanes,
    bars: row.bars.map(
      (bar) =>
        `${bar.booking.uid}@${bar.startColumn}+${bar.span}/${bar.lane}${bar.clippedStart ? ' <' : ''}${bar.clippedEnd ? ' >' : ''}`,
    ),
  }))

describe('the timeline layout', () => {
  it('places a stay from its check-in column over its nights, in logical columns', () => {
    expect(bars([stay({ uid: 'a', start: '2026-03-03', end: '2026-03-06' })])).toEqual([
      { property: 'villa', lanes: 1, bars: ['a@2+3/0'] },
    ])
  })

  it('keeps back-to-back stays in one lane: the check-out day is the next check-in day', () => {
    const stays = [
      stay({ uid: 'b', start: '2026-03-05', end: '2026-03-08' }),
      stay({ uid: 'a', start: '2026-03-02', end: '2026-03-05' }),
    ]
    expect(bars(stays)[0]).toEqual({ property: 'villa', lanes: 1, bars: ['a@1+3/0', 'b@4+3/0'] })
  })

  it('puts overlapping stays (a conflict, an echo over its stay) in separate lanes, and reuses a lane once free', () => {
    const stays = [
      stay({ uid: 'airbnb', start: '2026-03-02', end: '2026-03-06' }),
      stay({
        uid: 'booking',
        start: '2026-03-04',
        end: '2026-03-07',
        platform: 'Booking.com',
        conflict: true,
      }),
      stay({ uid: 'echo', start: '2026-03-02', end: '2026-03-04', kind: 'block', echo: true }),
      stay({ uid: 'later', start: '2026-03-06', end: '2026-03-08' }),
    ]
    const [row] = timelineRows(stays, [VILLA], MARCH)
    expect(bars(stays)[0]).toEqual({
      property: 'villa',
      lanes: 2,
      bars: ['echo@1+2/0', 'airbnb@1+4/1', 'booking@3+3/0', 'later@5+2/1'],
    })
    // The flags ride along with each bar: the view draws from them.
    expect(row!.bars.find((bar) => bar.booking.uid === 'booking')!.booking.conflict).toBe(true)
    expect(row!.bars.find((bar) => bar.booking.uid === 'echo')!.booking.echo).toBe(true)
  })

  it('clips a stay that crosses either edge of the window, and one that crosses both', () => {
    const stays = [
      stay({ uid: 'before', start: '2026-02-25', end: '2026-03-03' }),
      stay({ uid: 'after', start: '2026-03-12', end: '2026-03-20' }),
      stay({ uid: 'both', start: '2026-02-20', end: '2026-04-02', propertyId: 'loft' }),
    ]
    expect(bars(stays, MARCH, [VILLA, LOFT])).toEqual([
      { property: 'villa', lanes: 1, bars: ['before@0+2/0 <', 'after@11+3/0 >'] },
      { property: 'loft', lanes: 1, bars: ['both@0+14/0 < >'] },
    ])
  })

  it('leaves out stays wholly outside the window, and one that ends on its first day', () => {
    const stays = [
      stay({ uid: 'gone', start: '2026-02-20', end: '2026-03-01' }),
      stay({ uid: 'later', start: '2026-03-15', end: '2026-03-18' }),
      stay({ uid: 'last-night', start: '2026-03-14', end: '2026-03-16' }),
    ]
    expect(bars(stays)[0]).toEqual({ property: 'villa', lanes: 1, bars: ['last-night@13+1/0 >'] })
  })

  it('gives every property a row, in the order given, an empty one without lanes', () => {
    const stays = [stay({ uid: 'a', start: '2026-03-03', end: '2026-03-04', propertyId: 'loft' })]
    expect(bars(stays, MARCH, [VILLA, LOFT])).toEqual([
      { property: 'villa', lanes: 0, bars: [] },
      { property: 'loft', lanes: 1, bars: ['a@2+1/0'] },
    ])
    expect(timelineRows([], [], MARCH)).toEqual([])
  })

  it('shows only the filtered property, and only the filtered platform on each row', () => {
    const stays = [
      stay({ uid: 'airbnb', start: '2026-03-02', end: '2026-03-04' }),
      stay({ uid: 'vrbo', start: '2026-03-05', end: '2026-03-07', platform: 'Vrbo' }),
      stay({ uid: 'loft', start: '2026-03-02', end: '2026-03-04', propertyId: 'loft', platform: 'Vrbo' }),
    ]
    const layout = (property: string, platform: string) =>
      timelineRows(stays, [VILLA, LOFT], MARCH, { property, platform }).map((row) => [
        row.property.id,
        row.bars.map((bar) => bar.booking.uid),
      ])
    expect(layout('loft', ALL)).toEqual([['loft', ['loft']]])
    expect(layout(ALL, 'Vrbo')).toEqual([
      ['villa', ['vrbo']],
      ['loft', ['loft']],
    ])
    expect(layout('villa', 'Vrbo')).toEqual([['villa', ['vrbo']]])
    expect(
      stays.filter((booking) => passesFilters(booking, { property: 'villa', platform: ALL })),
    ).toHaveLength(2)
  })

  it('lays out 60 days with the same columns as 14 for the days they share', () => {
    const stays = [stay({ uid: 'a', start: '2026-03-10', end: '2026-03-20' })]
    expect(bars(stays, { start: '2026-03-01', days: 60 })[0]!.bars).toEqual(['a@9+10/0'])
    expect(bars(stays)[0]!.bars).toEqual(['a@9+5/0 >'])
  })
})

describe('the timeline in Arabic', () => {
  const stays = [
    stay({ uid: 'a', start: '2026-03-02', end: '2026-03-06' }),
    stay({ uid: 'b', start: '2026-03-04', end: '2026-03-09', guestName: 'سارة' }),
  ]

  it("is the same layout: columns count from the window's first day, whatever the reading direction", () => {
    const layout = timelineRows(stays, [VILLA], MARCH)
    expect(timelineRows([...stays].reverse(), [VILLA], MARCH)).toEqual(layout)
    expect(layout[0]!.bars.map((bar) => [bar.startColumn, bar.span, bar.lane])).toEqual([
      [1, 4, 0],
      [3, 5, 1],
    ])
  })

  it('is placed from the inline start, so the same bar runs from the right edge in a right-to-left page', () => {
    const [row] = timelineRows(stays, [VILLA], MARCH)
    const placed = row!.bars.map((bar) => barPlacement(bar, MARCH.days))
    expect(placed[0]).toEqual({
      insetInlineStart: `${(1 / 14) * 100}%`,
      width: `${(4 / 14) * 100}%`,
      top: 4,
      height: 24,
    })
    expect(placed[1]).toMatchObject({ insetInlineStart: `${(3 / 14) * 100}%`, top: 34 })
    for (const style of placed)
      expect(Object.keys(style).filter((key) => /left|right/i.test(key))).toEqual([])
  })
})
