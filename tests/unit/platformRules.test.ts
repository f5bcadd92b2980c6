import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addDays, type DateOnly } from '../../src/domain/dates.ts'
import {
  platformRulesOf,
  type KeptRun,
  type RuleEvent,
  type RuleHistory,
} from '../../src/domain/platformRules.ts'

const closed = (start: DateOnly, end: DateOnly): RuleEvent => ({
  summary: 'Airbnb (Not available)',
  start,
  end,
})
const reserved = (start: DateOnly, end: DateOnly): RuleEvent => ({ summary: 'Reserved', start, end })

const rulesOf = (events: RuleEvent[], today: DateOnly, previous?: RuleHistory, platform = 'Airbnb') =>
  events.map((event) => platformRulesOf(events, { platform, today, previous }).get(event) ?? null)

/** What a sync keeps of a feed: its events, each with the rule it was judged to be. */
const keptOf = (events: RuleEvent[], today: DateOnly, previous?: RuleHistory): RuleHistory => {
  const rules = platformRulesOf(events, { platform: 'Airbnb', today, previous })
  return { today, kept: events.map((event): KeptRun => ({ ...event, rule: rules.get(event) ?? null })) }
}

const TODAY = '2026-08-29'
const HORIZON = '2027-09-02'

describe("a platform's own rules", () => {
  it('reads a short run from today or tomorrow as the advance notice, a longer one as a closure', () => {
    const feed = (start: DateOnly, nights: number) => [
      closed(start, addDays(start, nights)),
      closed('2027-05-29', HORIZON),
    ]
    expect(rulesOf(feed(TODAY, 3), TODAY)[0]).toBe('notice')
    expect(rulesOf(feed(addDays(TODAY, 1), 7), TODAY)[0]).toBe('notice')
    expect(rulesOf(feed(TODAY, 8), TODAY)[0]).toBeNull()
    expect(rulesOf(feed(addDays(TODAY, 2), 2), TODAY)[0]).toBeNull()
  })

  it('never reads a closed run over a reservation as a rule: Airbnb closes by its rules only free nights', () => {
    const feed = [reserved(addDays(TODAY, -2), addDays(TODAY, 3)), closed(TODAY, addDays(TODAY, 2))]
    expect(rulesOf(feed, TODAY)).toEqual([null, null])
  })

  it('keeps the notice while it moves with today, and a closure joined to it is no longer one', () => {
    const yesterday = addDays(TODAY, -1)
    const previous = keptOf([closed(yesterday, addDays(yesterday, 2))], yesterday)
    expect(rulesOf([closed(TODAY, addDays(TODAY, 2))], TODAY, previous)).toEqual(['notice'])
    // The host closed the five nights after the notice: Airbnb writes one run.
    expect(rulesOf([closed(TODAY, addDays(TODAY, 7))], TODAY, previous)).toEqual([null])
  })

  it('keeps the host’s closure joined to the notice a closure until it has passed, then the notice again', () => {
    let previous = keptOf([closed(TODAY, addDays(TODAY, 2))], TODAY)
    // The host closes tomorrow to the fifth day: one run with the two nights of notice.
    const judged: (string | null)[] = []
    for (let day = 1; day <= 6; day++) {
      const today = addDays(TODAY, day)
      const feed = [closed(today, day < 4 ? addDays(TODAY, 6) : addDays(today, 2))]
      judged.push(rulesOf(feed, today, previous)[0]!)
      previous = keptOf(feed, today, previous)
    }
    expect(judged).toEqual([null, null, null, null, 'notice', 'notice'])
  })

  it('reads the run from months ahead to the end of the feed as the booking window', () => {
    expect(rulesOf([reserved('2026-10-01', '2026-10-04'), closed('2027-05-29', HORIZON)], TODAY)).toEqual([
      null,
      'window',
    ])
    // Not to the feed's end, or not months ahead: the host's.
    expect(
      rulesOf([closed('2027-05-29', '2027-06-30'), reserved('2027-08-01', HORIZON)], TODAY)[0],
    ).toBeNull()
    expect(rulesOf([closed('2026-10-01', HORIZON)], TODAY)).toEqual([null])
  })

  it('keeps the window and the notice as rules while both move a day each day', () => {
    let previous: RuleHistory | undefined
    for (let day = 0; day < 5; day++) {
      const today = addDays(TODAY, day)
      const feed = [
        closed(today, addDays(today, 2)),
        reserved('2026-12-20', '2026-12-27'),
        closed(addDays('2027-05-29', day), addDays(HORIZON, day)),
      ]
      expect(rulesOf(feed, today, previous)).toEqual(['notice', null, 'window'])
      previous = keptOf(feed, today, previous)
    }
  })

  it('no longer takes for the window a run that stays put as the days go by', () => {
    const feed = [closed('2027-05-29', HORIZON)]
    const previous = keptOf(feed, TODAY)
    expect(previous.kept).toEqual([{ ...feed[0], rule: 'window' }])
    expect(rulesOf(feed, addDays(TODAY, 1), previous)).toEqual([null])
    // The same day, a sync finds it as it was.
    expect(rulesOf(feed, TODAY, previous)).toEqual(['window'])
  })

  it('reads the same nights beside two reservations as the preparation time', () => {
    const feed = [
      closed('2026-09-09', '2026-09-10'),
      reserved('2026-09-10', '2026-09-13'),
      closed('2026-09-13', '2026-09-14'),
      closed('2026-10-04', '2026-10-05'),
      reserved('2026-10-05', '2026-10-07'),
      // Between two reservations two nights apart: the one's and the other's.
      closed('2026-10-07', '2026-10-09'),
      reserved('2026-10-09', '2026-10-11'),
    ]
    expect(rulesOf(feed, TODAY)).toEqual([
      'preparation',
      null,
      'preparation',
      'preparation',
      null,
      'preparation',
      null,
    ])
  })

  it('takes one reservation so bordered for the preparation time only once a sync kept it', () => {
    const feed = [closed('2026-09-08', '2026-09-10'), reserved('2026-09-10', '2026-09-13')]
    expect(rulesOf(feed, TODAY)[0]).toBeNull()
    const previous: RuleHistory = {
      today: addDays(TODAY, -1),
      kept: [{ ...closed('2026-09-01', '2026-09-03'), rule: 'preparation' }],
    }
    expect(rulesOf(feed, TODAY, previous)[0]).toBe('preparation')
  })

  it('leaves runs of different lengths beside reservations, or longer than two nights, to the host', () => {
    const unequal = [
      closed('2026-09-09', '2026-09-10'),
      reserved('2026-09-10', '2026-09-13'),
      closed('2026-10-03', '2026-10-05'),
      reserved('2026-10-05', '2026-10-07'),
    ]
    expect(rulesOf(unequal, TODAY)).toEqual([null, null, null, null])
    const long = [
      closed('2026-09-07', '2026-09-10'),
      reserved('2026-09-10', '2026-09-13'),
      closed('2026-10-02', '2026-10-05'),
      reserved('2026-10-05', '2026-10-07'),
    ]
    expect(rulesOf(long, TODAY)).toEqual([null, null, null, null])
  })

  it("reads no rule in another platform's feed", () => {
    expect(
      rulesOf([closed(TODAY, addDays(TODAY, 2)), closed('2027-05-29', HORIZON)], TODAY, undefined, 'Vrbo'),
    ).toEqual([null, null])
  })

  it('never takes a run anchored to neither today, the end of the feed nor a reservation for a rule', () => {
    const day = (n: number) => addDays(TODAY, n)
    const stay = fc.record({
      from: fc.integer({ min: -30, max: 300 }),
      nights: fc.integer({ min: 1, max: 20 }),
    })
    const keptRule = fc.record({
      rule: fc.constantFrom('notice' as const, 'window' as const, 'preparation' as const, null),
      from: fc.integer({ min: -30, max: 400 }),
      nights: fc.integer({ min: 1, max: 200 }),
    })
    fc.assert(
      fc.property(
        stay,
        fc.array(stay, { maxLength: 6 }),
        fc.array(stay, { maxLength: 6 }),
        fc.option(
          fc.record({ ago: fc.integer({ min: 0, max: 10 }), kept: fc.array(keptRule, { maxLength: 4 }) }),
        ),
        (run, reservations, others, history) => {
          const bookings = reservations.map((r) => reserved(day(r.from), day(r.from + r.nights)))
          const candidate = closed(day(run.from), day(run.from + run.nights))
          fc.pre(run.from !== 0 && run.from !== 1)
          fc.pre(bookings.every((r) => r.start !== candidate.end && r.end !== candidate.start))
          const feed = [
            candidate,
            ...bookings,
            ...others.map((o) => closed(day(o.from), day(o.from + o.nights))),
            // The feed reaches further than any of them.
            reserved(day(400), day(403)),
          ]
          const previous =
            history === null
              ? undefined
              : {
                  today: day(-history.ago),
                  kept: history.kept.map((k) => ({
                    ...closed(day(k.from), day(k.from + k.nights)),
                    rule: k.rule,
                  })),
                }
          expect(
            platformRulesOf(feed, { platform: 'Airbnb', today: TODAY, previous }).get(candidate),
          ).toBeUndefined()
        },
      ),
    )
  })
})
