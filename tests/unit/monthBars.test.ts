import { describe, expect, it } from 'vitest'
import type { Stay } from '../../src/domain/bookings.ts'
import { guestLabel } from '../../src/domain/stayLabels.ts'
import { calendarDays, weekRow, weeksOf } from '../../src/ui/calendar/month/calendarDays.ts'

// March 2026's second row: Sunday 8 to Saturday 14.
const WEEK = weeksOf(calendarDays('2026-03'))[1]!
const stay = (id: string, start: string, end: string) => ({ id, start, end })

/** Each bar as "id column+span@lane", with < and > where the stay goes on past the row. */
const layout = (
  stays: readonly (Stay & { id: string })[],
  lanes = 2,
  doubleBooked?: (stay: Stay & { id: string }, day: string) => boolean,
) => {
  const row = weekRow(stays, WEEK, lanes, doubleBooked)
  return {
    bars: row.bars.map(
      (bar) =>
        `${bar.continuesBefore ? '<' : ''}${bar.stay.id} ${bar.column}+${bar.span}@${bar.lane}${bar.continuesAfter ? '>' : ''}`,
    ),
    more: row.more,
  }
}

describe('a week row of the month', () => {
  it('draws a stay as one bar over its nights, the check-out day left free', () => {
    expect(WEEK[0]).toBe('2026-03-08')
    expect(layout([stay('sara', '2026-03-10', '2026-03-13')]).bars).toEqual(['sara 2+3@0'])
    expect(weekRow([stay('sara', '2026-03-10', '2026-03-13')], WEEK, 2).bars[0]?.start).toBe('2026-03-10')
  })

  it('cuts a stay that crosses the row at the week boundary, and says it goes on', () => {
    expect(
      layout([
        stay('across', '2026-03-05', '2026-03-17'),
        stay('into', '2026-03-12', '2026-03-16'),
        stay('from', '2026-03-06', '2026-03-09'),
      ]).bars,
    ).toEqual(['<across 0+7@0>', '<from 0+1@1', 'into 4+3@1>'])
    // A stay that checks out on the next Sunday ends in this row.
    expect(layout([stay('saturday', '2026-03-14', '2026-03-15')]).bars).toEqual(['saturday 6+1@0'])
  })

  it('leaves out stays that only touch the row on their check-out day or begin after it', () => {
    expect(
      layout([stay('before', '2026-03-01', '2026-03-08'), stay('after', '2026-03-15', '2026-03-18')]).bars,
    ).toEqual([])
  })

  it('puts overlapping stays on separate lanes and reuses a lane once it is free', () => {
    expect(
      layout(
        [
          stay('short', '2026-03-09', '2026-03-10'),
          stay('long', '2026-03-09', '2026-03-14'),
          stay('next', '2026-03-10', '2026-03-12'),
          stay('turnover', '2026-03-14', '2026-03-15'),
        ],
        3,
      ).bars,
    ).toEqual(['long 1+5@0', 'short 1+1@1', 'next 2+2@1', 'turnover 6+1@0'])
  })

  it('shows two lanes, and counts per day the stays left without one ("+ N more")', () => {
    const row = layout([
      stay('a', '2026-03-09', '2026-03-12'),
      stay('b', '2026-03-09', '2026-03-11'),
      stay('c', '2026-03-10', '2026-03-13'),
      stay('d', '2026-03-11', '2026-03-12'),
    ])
    // c has no lane on 10 and 11 March; on the 12th a lane is free again and it shows there.
    expect(row.bars).toEqual(['a 1+3@0', 'b 1+2@1', 'd 3+1@1', '<c 4+1@0'])
    expect(row.more).toEqual([0, 0, 1, 1, 0, 0, 0])
  })

  it('shows every stay of a day that has no more than two, even when a third one pushed it down', () => {
    const row = layout([
      stay('lina', '2026-03-09', '2026-03-11'),
      stay('sara', '2026-03-10', '2026-03-12'),
      stay('omar', '2026-03-10', '2026-03-12'),
    ])
    expect(row.bars).toEqual(['lina 1+2@0', 'sara 2+2@1', '<omar 3+1@0'])
    expect(row.more).toEqual([0, 0, 1, 0, 0, 0, 0])
  })

  it('cuts a piece at both ends where the stay goes on without a lane', () => {
    const row = layout([
      stay('long', '2026-03-08', '2026-03-12'),
      stay('two', '2026-03-08', '2026-03-10'),
      stay('squeezed', '2026-03-09', '2026-03-12'),
      stay('wednesday', '2026-03-11', '2026-03-12'),
    ])
    expect(row.bars).toEqual(['long 0+4@0', 'two 0+2@1', 'wednesday 3+1@1', '<squeezed 2+1@1>'])
    expect(row.more).toEqual([0, 1, 0, 1, 0, 0, 0])
  })

  it('gives both sides of a double booking the days they clash, taking them from the lowest other bar', () => {
    const stays = [
      stay('long', '2026-03-08', '2026-03-15'),
      stay('two', '2026-03-08', '2026-03-10'),
      stay('a', '2026-03-11', '2026-03-13'),
      stay('b', '2026-03-11', '2026-03-13'),
    ]
    // Without the clash, b waits behind "+ 1 more" on both its nights.
    expect(layout(stays).more).toEqual([0, 0, 0, 1, 1, 0, 0])
    const clash = (each: { id: string }, day: string) =>
      ['a', 'b'].includes(each.id) && ['2026-03-11', '2026-03-12'].includes(day)
    const row = layout(stays, 2, clash)
    // The long stay yields the two nights, cut where it goes on; b is one bar; the rest keep theirs.
    expect(row.bars).toEqual(['long 0+3@0>', '<long 5+2@0', 'two 0+2@1', 'a 3+2@1', 'b 3+2@0'])
    expect(row.more).toEqual([0, 0, 0, 1, 1, 0, 0])
    // Three sides on two lanes: the third still waits, and no bar of a side yields to it.
    const three = [...stays, stay('c', '2026-03-11', '2026-03-12')]
    const threeWays = (each: { id: string }, day: string) =>
      clash(each, day) || (each.id === 'c' && day === '2026-03-11')
    expect(layout(three, 2, threeWays).bars.filter((bar) => /^<?[abc] /.test(bar))).toEqual([
      'a 3+2@1',
      'b 3+2@0',
    ])
  })
})

describe('who a stay is for', () => {
  const t = (key: string) =>
    ({ 'calendar.blocked': 'Blocked', 'calendar.unknownGuest': 'Unknown guest' })[key] ?? key

  it('names the guest the feed names', () => {
    expect(guestLabel(t, { guestName: ' Sara Ali ', kind: 'booking' })).toBe('Sara Ali')
  })

  it('calls an unnamed reservation (default guest "Blocked") an unknown guest, never "Blocked"', () => {
    expect(guestLabel(t, { guestName: 'Blocked', kind: 'booking' })).toBe('Unknown guest')
    expect(guestLabel(t, { guestName: '', kind: 'booking' })).toBe('Unknown guest')
  })

  it('calls a block "Blocked"', () => {
    expect(guestLabel(t, { guestName: 'Blocked', kind: 'block' })).toBe('Blocked')
    expect(guestLabel(t, { guestName: '', kind: 'block' })).toBe('Blocked')
  })
})
