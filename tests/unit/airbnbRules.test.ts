import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addDays, type DateOnly } from '../../src/domain/dates.ts'
import { runsOf } from '../../src/domain/nightRuns.ts'
import {
  judgeAirbnbFeed,
  monthsAfter,
  withEvidence,
  type DayEvidence,
  type RuleEvent,
} from '../../src/domain/airbnbRules.ts'

let uids = 0
const closed = (start: DateOnly, end: DateOnly): RuleEvent => ({
  uid: `closed-${++uids}@airbnb.com`,
  summary: 'Airbnb (Not available)',
  start,
  end,
})
const reserved = (start: DateOnly, end: DateOnly): RuleEvent => ({
  uid: `stay-${++uids}@airbnb.com`,
  summary: 'Reserved',
  start,
  end,
})

const TODAY = '2026-08-29'
const day = (n: number) => addDays(TODAY, n)
/** The export's end, and a nine-month booking window before it. */
const HORIZON = monthsAfter(TODAY, 24)
const window = (today: DateOnly) => closed(monthsAfter(today, 9), HORIZON)

/** Each part as `rule start→end` (`-` for the rest of a run), in date order. */
function judged(events: RuleEvent[], today: DateOnly, before: DayEvidence[] = []) {
  return judgeAirbnbFeed(events, today, before)
    .parts.sort((a, b) => (a.start < b.start ? -1 : 1))
    .map((part) => `${part.rule ?? '-'} ${part.start}→${part.end}`)
}

/** The evidence a sync keeps after each of these days' feeds. */
function evidenceOf(days: { today: DateOnly; events: RuleEvent[] }[]): DayEvidence[] {
  let evidence: DayEvidence[] = []
  for (const { today, events } of days)
    evidence = withEvidence(evidence, judgeAirbnbFeed(events, today, evidence).seen)
  return evidence
}

describe("Airbnb's rules, night by night", () => {
  it('reads the notice, the window and a night of preparation on each side of the reservations', () => {
    const feed = [
      closed(day(0), day(2)),
      closed(day(9), day(10)),
      reserved(day(10), day(13)),
      closed(day(13), day(14)),
      closed(day(30), day(31)),
      reserved(day(31), day(33)),
      closed(day(33), day(34)),
      window(TODAY),
    ]
    expect(judged(feed, TODAY)).toEqual([
      `notice ${day(0)}→${day(2)}`,
      `preparation ${day(9)}→${day(10)}`,
      `preparation ${day(13)}→${day(14)}`,
      `preparation ${day(30)}→${day(31)}`,
      `preparation ${day(33)}→${day(34)}`,
      `window ${monthsAfter(TODAY, 9)}→${HORIZON}`,
    ])
  })

  it('cuts a sale beside a preparation night out of the run Airbnb merged them into, and leaves the other runs alone', () => {
    const days = (n: number) => ({
      today: day(n),
      events: [
        closed(day(n), day(n + 2)),
        closed(day(9), day(10)),
        reserved(day(10), day(13)),
        closed(day(13), day(14)),
        closed(day(30), day(31)),
        reserved(day(31), day(33)),
        closed(day(33), day(34)),
        window(day(n)),
      ],
    })
    const before = evidenceOf([days(-2), days(-1)])
    // Booking.com sold the night after the check-out day's preparation night: one run of two.
    const feed = days(0).events.map((event) => (event.start === day(13) ? closed(day(13), day(15)) : event))
    expect(judged(feed, TODAY, before)).toEqual([
      `notice ${day(0)}→${day(2)}`,
      `preparation ${day(9)}→${day(10)}`,
      `preparation ${day(13)}→${day(14)}`,
      `- ${day(14)}→${day(15)}`,
      `preparation ${day(30)}→${day(31)}`,
      `preparation ${day(33)}→${day(34)}`,
      `window ${monthsAfter(TODAY, 9)}→${HORIZON}`,
    ])
  })

  it('reads a turnover inside the notice as notice and preparation, whichever sync of the day reads it', () => {
    const quiet = (n: number) => ({ today: day(n), events: [closed(day(n), day(n + 2)), window(day(n))] })
    const before = evidenceOf([quiet(-3), quiet(-2), quiet(-1)])
    // A guest leaves tomorrow: the notice and the preparation night are one run around the stay.
    const feed = [reserved(day(-2), day(1)), closed(day(1), day(3)), window(TODAY)]
    const first = judged(feed, TODAY, before)
    expect(first).toEqual([
      `notice ${day(1)}→${day(2)}`,
      `preparation ${day(2)}→${day(3)}`,
      expect.any(String),
    ])
    // A later sync of the same day reads the same feed with that day's own bounds kept: the same.
    const sameDay = withEvidence(before, judgeAirbnbFeed(feed, TODAY, before).seen)
    expect(judged(feed, TODAY, sameDay)).toEqual(first)
  })

  it('keeps the notice as the days before showed it: the host’s closure joined to it is the host’s', () => {
    const quiet = (n: number) => ({ today: day(n), events: [closed(day(n), day(n + 2)), window(day(n))] })
    const before = evidenceOf([quiet(-2), quiet(-1)])
    const feed = [closed(day(0), day(7)), window(TODAY)]
    expect(judged(feed, TODAY, before)).toEqual([
      `notice ${day(0)}→${day(2)}`,
      `- ${day(2)}→${day(7)}`,
      `window ${monthsAfter(TODAY, 9)}→${HORIZON}`,
    ])
    // Seen for the first time, the run is the notice as far as a notice can reach.
    expect(judged(feed, TODAY)[0]).toBe(`notice ${day(0)}→${day(7)}`)
  })

  it('reads the preparation from the nights a new reservation closed, not from the host’s closure beside it', () => {
    const quiet = (n: number) => ({
      today: day(n),
      events: [closed(day(n), day(n + 1)), closed(day(8), day(11))],
    })
    const before = evidenceOf([quiet(-2), quiet(-1)])
    // A guest books the three nights before the host's closure: Airbnb closes the night before
    // them, and the closure already holds the night after.
    const feed = [
      closed(day(0), day(1)),
      closed(day(4), day(5)),
      reserved(day(5), day(8)),
      closed(day(8), day(11)),
    ]
    const first = judged(feed, TODAY, before)
    expect(first).toEqual([
      `notice ${day(0)}→${day(1)}`,
      `preparation ${day(4)}→${day(5)}`,
      `preparation ${day(8)}→${day(9)}`,
      `- ${day(9)}→${day(11)}`,
    ])
    // The day's later syncs compare with the same day before, and judge the same.
    const sameDay = withEvidence(before, judgeAirbnbFeed(feed, TODAY, before).seen)
    expect(judged(feed, TODAY, sameDay)).toEqual(first)
    // The next day, the preparation stays what that day showed.
    const next = [
      closed(day(1), day(2)),
      closed(day(4), day(5)),
      reserved(day(5), day(8)),
      closed(day(8), day(11)),
    ]
    expect(judged(next, day(1), sameDay)).toEqual([
      `notice ${day(1)}→${day(2)}`,
      `preparation ${day(4)}→${day(5)}`,
      `preparation ${day(8)}→${day(9)}`,
      `- ${day(9)}→${day(11)}`,
    ])
  })

  it('keeps the window as the days before showed it: the host’s closure joined to it is the host’s', () => {
    const quiet = (n: number) => ({ today: day(n), events: [closed(day(n), day(n + 1)), window(day(n))] })
    const before = evidenceOf([quiet(-2), quiet(-1)])
    const opens = monthsAfter(TODAY, 9)
    const feed = [closed(day(0), day(1)), closed(addDays(opens, -14), HORIZON)]
    expect(judged(feed, TODAY, before)).toEqual([
      `notice ${day(0)}→${day(1)}`,
      `- ${addDays(opens, -14)}→${opens}`,
      `window ${opens}→${HORIZON}`,
    ])
  })

  it('follows a window counted in months over month ends and a leap day', () => {
    // From the 28th to the 30th of November, 3 months ahead is the 28th of February; in 2027
    // the 29th of February 2028 exists.
    expect(['2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01'].map((d) => monthsAfter(d, 3))).toEqual([
      '2027-02-28',
      '2027-02-28',
      '2027-02-28',
      '2027-03-01',
    ])
    expect(monthsAfter('2027-11-29', 3)).toBe('2028-02-29')
    let evidence: DayEvidence[] = []
    for (const today of ['2027-11-27', '2027-11-28', '2027-11-29', '2027-11-30', '2027-12-01']) {
      const feed = [closed(today, addDays(today, 1)), closed(monthsAfter(today, 3), '2029-12-01')]
      const { parts, seen } = judgeAirbnbFeed(feed, today, evidence)
      expect(parts.map((part) => [part.rule, part.start])).toEqual([
        ['notice', today],
        ['window', monthsAfter(today, 3)],
      ])
      evidence = withEvidence(evidence, seen)
    }
  })

  it('names each rule the same from day to day, whatever UIDs Airbnb gives its runs', () => {
    const stay = reserved(day(10), day(12))
    const feed = (n: number) => [
      closed(day(n), day(n + 2)),
      closed(day(9), day(10)),
      stay,
      closed(day(12), day(13)),
      window(day(n)),
    ]
    const names = (n: number) =>
      judgeAirbnbFeed(feed(n), day(n), [])
        .parts.map((part) => part.uid)
        .sort()
    expect(names(0)).toEqual(names(1))
    expect(names(0)).toContain('rule:notice')
    expect(names(0)).toContain('rule:window')
    expect(names(0).filter((uid) => uid.startsWith('rule:preparation'))).toHaveLength(2)
  })

  it('cuts every closed night into exactly one part, and judges the same feed on the same day the same', () => {
    const aRun = fc.record({
      from: fc.integer({ min: -5, max: 120 }),
      nights: fc.integer({ min: 1, max: 12 }),
    })
    const aDay = fc.record({
      reach: fc.integer({ min: 0, max: 8 }),
      todayOpen: fc.boolean(),
      preparation: fc.integer({ min: 0, max: 3 }),
      preparationNew: fc.integer({ min: 0, max: 2 }),
      windowMonths: fc.constantFrom(3, 6, 9, 12, 24, null),
    })
    fc.assert(
      fc.property(
        fc.array(aRun, { maxLength: 8 }),
        fc.array(aRun, { maxLength: 6 }),
        fc.array(aDay, { maxLength: 5 }),
        aDay,
        (closedRuns, stays, days, sameDay) => {
          const feed = [
            ...runsOf(closedRuns.map((r) => ({ start: day(r.from), end: day(r.from + r.nights) }))).map((r) =>
              closed(r.start, r.end),
            ),
            ...runsOf(stays.map((r) => ({ start: day(r.from), end: day(r.from + r.nights) }))).map((r) =>
              reserved(r.start, r.end),
            ),
          ]
          const before = days.map((d, i) => ({ ...d, day: day(-1 - i) }))
          const { parts } = judgeAirbnbFeed(feed, TODAY, before)
          const closedNights = feed
            .filter((event) => event.summary !== 'Reserved')
            .flatMap((event) =>
              Array.from({ length: 200 }, (_, i) => addDays(event.start, i)).filter((n) => n < event.end),
            )
          const partNights = parts.flatMap((part) =>
            Array.from({ length: 200 }, (_, i) => addDays(part.start, i)).filter((n) => n < part.end),
          )
          expect(partNights.sort()).toEqual(closedNights.sort())
          expect(new Set(parts.map((part) => part.uid)).size).toBe(parts.length)
          // A bound of the day's own other feeds is never read.
          const withSameDay = [...before, { ...sameDay, day: TODAY }]
          expect(judgeAirbnbFeed(feed, TODAY, withSameDay).parts).toEqual(parts)
        },
      ),
    )
  })

  it('costs what a few runs cost for a run of 9999 years’ nights and thousands of reservations', () => {
    const stays = Array.from({ length: 3000 }, (_, i) => reserved(day(3 * i + 1), day(3 * i + 2)))
    const feed = [...stays, closed(day(0), day(1)), closed(day(9001), '9999-12-31')]
    const started = performance.now()
    const { parts } = judgeAirbnbFeed(feed, TODAY, [])
    expect(performance.now() - started).toBeLessThan(500)
    expect(parts.length).toBeGreaterThan(0)
  })
})
