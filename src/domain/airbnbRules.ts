import { classifySummary, type Stay } from './bookings.ts'
import { addDays, daysInMonth, nightsBetween, type DateOnly } from './dates.ts'
import { intersect, runsOf, subtract, union, type Runs } from './nightRuns.ts'
import type { PlatformRule } from './platformRules.ts'
import { textOrder } from './textOrder.ts'

/**
 * Airbnb writes its booking rules into its export as closed nights, merged with every other
 * closed night beside them (the host's closures, the nights it imported from Manzil) into runs
 * "Airbnb (Not available)" that get a new UID whenever they move:
 * - the advance notice: the nights from today (or tomorrow, past the same-day cut-off), moving
 *   with today;
 * - the booking window: the nights from some months ahead to the end of the export;
 * - the preparation time: the nights bordering each reservation.
 *
 * The rules are judged night by night, not by the shape of a run (docs/decisions.md, "Airbnb's
 * rules, night by night"): each day's feed bounds the host's settings (the notice reaches no
 * further than the first free night after today; preparation is shorter than the distance of
 * any free night beside a reservation; the window starts no earlier than the run that reaches
 * the export's end), the bounds of the days before are kept, and the nights each setting covers
 * are the rule's. Every other night of a run stays what it is: a host's closure, or a night
 * imported from Manzil (the echo rule judges those). A judgement depends only on the feed, its
 * day and what the days before it showed, so every sync of one feed on one day judges the same.
 */

/**
 * The notice reaches at most 8 nights from today: at most 7 nights of notice (Airbnb offers
 * same day, 1, 2, 3 and 7 days), from today or from tomorrow.
 */
const MAX_REACH = 8

/** Airbnb's preparation time is 1 or 2 nights before and after each reservation. */
const MAX_PREPARATION = 2

/** The booking windows Airbnb offers, in months ahead of today. */
export const WINDOW_MONTHS = [3, 6, 9, 12, 24] as const

/**
 * A window counted in months lands a few days apart around a month's end (3 months from the
 * 28th to the 31st of November is the 28th of February), and a platform may count it in days.
 */
const MONTH_SLACK_DAYS = 3

/** How many days of a feed's bounds are kept: a setting raised is taken up after at most this. */
export const EVIDENCE_DAYS = 14

/**
 * How far a closed stretch beside a reservation is read: one that stops after 2 nights (the third
 * free) says the preparation is 2; one that goes on says nothing.
 */
const STRETCH_READ = MAX_PREPARATION + 1

/** The latest day's taken nights are kept this far ahead, and at most this many runs. */
const TAKEN_KEPT_DAYS = 400
const TAKEN_KEPT_RUNS = 1000

/**
 * What one day's feed shows of the host's settings. Bounds that each hold whatever else the host
 * closed: the notice covers at most `reach` nights from today, and none of today when
 * `todayOpen` (today was free: the notice counts from tomorrow); the preparation is at most
 * `preparation` nights (3: no closed stretch beside a reservation stopped within 2 nights); the
 * window starts at least `windowMonths` months ahead (null: no closed run to the export's end).
 * And a sign: `preparationNew`, the nights beside a reservation that closed since the day before
 * (0: none), as a new reservation's preparation does. `taken`, the nights closed or reserved, is
 * kept for the latest two days only, to compare the next day's feeds with.
 */
export type DayEvidence = {
  day: DateOnly
  reach: number
  todayOpen: boolean
  preparation: number
  preparationNew: number
  windowMonths: number | null
  taken?: Stay[]
}

/** What the rules are read from: each event's UID, summary and nights. */
export type RuleEvent = Stay & { uid: string; summary: string }

/**
 * A closed run's nights as judged: a part of one rule (`rule`, under a UID that names the rule,
 * the same from day to day however the platform's UIDs change), or the rest of a run, under the
 * run's own UID (`uid#start` for a second part of it).
 */
export type JudgedPart<E extends RuleEvent> = {
  event: E
  uid: string
  start: DateOnly
  end: DateOnly
  rule: PlatformRule | null
}

const NOT_AVAILABLE = /^airbnb \(not available\)$/i

export const isClosedRun = (event: { summary: string }) => NOT_AVAILABLE.test(event.summary.trim())

/** The day `months` months after `date`, on the same day of the month or its last. */
export function monthsAfter(date: DateOnly, months: number): DateOnly {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  const index = year * 12 + (month - 1) + months
  const targetYear = Math.floor(index / 12)
  const targetMonth = (index % 12) + 1
  const targetDay = Math.min(day, daysInMonth(targetYear, targetMonth))
  return `${String(targetYear).padStart(4, '0')}-${String(targetMonth).padStart(2, '0')}-${String(targetDay).padStart(2, '0')}`
}

/** The first of sorted runs that `before` does not hold for, by bisection. */
function firstNotBefore(runs: Runs, before: (run: Stay) => boolean): number {
  let low = 0
  let high = runs.length
  while (low < high) {
    const middle = (low + high) >> 1
    if (before(runs[middle]!)) low = middle + 1
    else high = middle
  }
  return low
}

/** The run of sorted, disjoint runs holding `night`. */
function runHolding(runs: Runs, night: DateOnly): Stay | undefined {
  const run = runs[firstNotBefore(runs, (each) => each.end <= night)]
  return run && run.start <= night ? run : undefined
}

/** The parts of sorted, disjoint runs within `range`: a few runs read, not all. */
function within(runs: Runs, range: Stay): Stay[] {
  const found: Stay[] = []
  for (
    let i = firstNotBefore(runs, (run) => run.end <= range.start);
    i < runs.length && runs[i]!.start < range.end;
    i++
  )
    found.push(runs[i]!)
  return intersect(found, [range])
}

/** Where a run starting on `night` goes among runs sorted by start: after those starting before. */
const insertionPoint = (runs: Runs, night: DateOnly) => firstNotBefore(runs, (run) => run.start < night)

type FeedShape = {
  closed: Stay[]
  reserved: Stay[]
  reservations: RuleEvent[]
  /** The export's end: the latest check-out of any of its events. */
  horizon: DateOnly | undefined
}

function shapeOf(events: readonly RuleEvent[]): FeedShape {
  const closedEvents = events.filter(isClosedRun)
  const reservations = events
    .filter((event) => !isClosedRun(event) && classifySummary(event.summary).kind === 'booking')
    .sort((a, b) => textOrder(a.start, b.start))
  const horizon = events.reduce<DateOnly | undefined>(
    (latest, event) => (latest === undefined || event.end > latest ? event.end : latest),
    undefined,
  )
  return { closed: runsOf(closedEvents), reserved: runsOf(reservations), reservations, horizon }
}

/**
 * Airbnb's export reaches about a year ahead: a closed run that ends a year and more ahead, with
 * the export, can be the booking window's; the last event of a shorter export (a host's closure
 * months ahead, with every night open after it) cannot.
 */
const EXPORT_MONTHS = 11

/** The closed run that reaches the export's end, a year ahead or more; none if no run does. */
function runToTheEnd(shape: FeedShape, today: DateOnly): Stay | undefined {
  const last = shape.closed.at(-1)
  return last && last.end === shape.horizon && last.end >= monthsAfter(today, EXPORT_MONTHS)
    ? last
    : undefined
}

/** The bounds a feed puts on the host's settings on `today` (see `DayEvidence`). */
function evidenceOf(shape: FeedShape, today: DateOnly): DayEvidence {
  const taken = union(shape.closed, shape.reserved)
  const free = (night: DateOnly) => night >= today && !runHolding(taken, night)
  // Nights from today, or from tomorrow when today is free, are the notice's only while taken.
  const fromTomorrow = runHolding(taken, addDays(today, 1))
  const reach = Math.min(MAX_REACH, fromTomorrow ? nightsBetween(today, fromTomorrow.end) : 1)
  let preparation = STRETCH_READ
  for (const stay of shape.reservations) {
    for (let distance = 1; distance <= preparation; distance++)
      if (free(addDays(stay.start, -distance)) || free(addDays(stay.end, distance - 1))) {
        preparation = distance - 1
        break
      }
    if (preparation === 0) break
  }
  const toTheEnd = runToTheEnd(shape, today)
  const earliestStart = toTheEnd && addDays(toTheEnd.start, -MONTH_SLACK_DAYS)
  const windowMonths =
    earliestStart === undefined
      ? null
      : (WINDOW_MONTHS.find((months) => monthsAfter(today, months) >= earliestStart) ?? null)
  const keptUntil = addDays(today, TAKEN_KEPT_DAYS)
  return {
    day: today,
    reach,
    todayOpen: free(today),
    preparation,
    preparationNew: 0,
    windowMonths,
    taken: within(taken, { start: today, end: keptUntil }).slice(0, TAKEN_KEPT_RUNS),
  }
}

/**
 * The farthest night beside a reservation, within the preparation's reach, that is closed now
 * and was free on the day before (`before`): a new reservation's preparation closes such nights.
 * Nights the notice or the window explain say nothing.
 */
function preparationNewOf(
  shape: FeedShape,
  today: DateOnly,
  before: DayEvidence | undefined,
  explained: Stay[],
) {
  const was = before?.taken
  if (!before || !was) return 0
  const closedFree = subtract(shape.closed, shape.reserved)
  const comparable = (night: DateOnly) =>
    night >= today && night < addDays(before.day, TAKEN_KEPT_DAYS) && !runHolding(explained, night)
  let found = 0
  for (const stay of shape.reservations)
    for (const side of [-1, 1])
      for (let distance = 1; distance <= MAX_PREPARATION; distance++) {
        const night = side < 0 ? addDays(stay.start, -distance) : addDays(stay.end, distance - 1)
        if (!runHolding(closedFree, night)) break
        if (comparable(night) && !runHolding(was, night)) found = Math.max(found, distance)
      }
  return found
}

/** The host's settings as every bound of the days kept and of today's feed allows. */
function settingsOf(today: DayEvidence, before: readonly DayEvidence[]) {
  const all = [today, ...before]
  const windows = all.flatMap((day) => (day.windowMonths === null ? [] : [day.windowMonths]))
  const preparationAtMost = Math.min(...all.map((day) => day.preparation))
  return {
    reach: Math.min(...all.map((day) => day.reach)),
    // A notice that left today free once counts from tomorrow: a night the host closes today is
    // theirs (Airbnb's same-day bookings close today only past their cut-off hour).
    fromTomorrow: all.some((day) => day.todayOpen),
    // Where every closed stretch beside a reservation went on past 2 nights (closures around
    // every stay), the bound says nothing: the nights that closed with a new reservation do.
    preparation:
      preparationAtMost <= MAX_PREPARATION
        ? preparationAtMost
        : Math.max(...all.map((day) => day.preparationNew)),
    windowMonths: windows.length === 0 ? null : Math.max(...windows),
  }
}

/** The days kept before `today`: a judgement never reads a bound of its own day's other feeds. */
export const evidenceBefore = (evidence: readonly DayEvidence[], today: DateOnly): DayEvidence[] =>
  evidence.filter((day) => day.day < today && day.day >= addDays(today, -EVIDENCE_DAYS))

/**
 * The evidence to keep after a feed of `today` showed `seen`: the days kept, with today's bounds
 * joined to any other feed's of the same day (each bound holds for both).
 */
export function withEvidence(evidence: readonly DayEvidence[], seen: DayEvidence): DayEvidence[] {
  const same = evidence.find((day) => day.day === seen.day)
  const joined: DayEvidence = same
    ? {
        day: seen.day,
        reach: Math.min(same.reach, seen.reach),
        todayOpen: same.todayOpen || seen.todayOpen,
        preparation: Math.min(same.preparation, seen.preparation),
        preparationNew: Math.max(same.preparationNew, seen.preparationNew),
        taken: seen.taken,
        windowMonths:
          same.windowMonths === null || seen.windowMonths === null
            ? (same.windowMonths ?? seen.windowMonths)
            : Math.max(same.windowMonths, seen.windowMonths),
      }
    : seen
  // A feed is compared with the latest day before its own: that day's taken nights are kept for
  // the rest of this day's syncs, and this day's for the next.
  const older = evidenceBefore(evidence, seen.day)
  const stripped = older.slice(0, -1).map(({ taken: _taken, ...day }) => day)
  return [...stripped, ...older.slice(-1), joined]
}

type RuleRun = { key: string; rule: PlatformRule; runs: Stay[] }

/** The nights of each rule, as runs, each with the key its parts are named by. */
function ruleNights(shape: FeedShape, today: DateOnly, settings: ReturnType<typeof settingsOf>): RuleRun[] {
  // Airbnb closes by its rules only nights no reservation holds.
  const free = subtract(shape.closed, shape.reserved)
  const rules: RuleRun[] = []
  // The nights a rule took, sorted and disjoint: a night is one rule's, the first to claim it.
  const claimed: Stay[] = []
  const claim = (key: string, rule: PlatformRule, range: Stay) => {
    if (range.start >= range.end) return
    const runs = subtract(within(free, range), within(claimed, range))
    if (runs.length === 0) return
    rules.push({ key, rule, runs })
    for (const run of runs) claimed.splice(insertionPoint(claimed, run.start), 0, run)
  }
  claim('notice', 'notice', {
    start: settings.fromTomorrow ? addDays(today, 1) : today,
    end: addDays(today, settings.reach),
  })
  const preparation = settings.preparation
  if (preparation > 0)
    for (const stay of shape.reservations) {
      claim(`preparation-before:${stay.uid}`, 'preparation', {
        start: addDays(stay.start, -preparation),
        end: stay.start,
      })
      claim(`preparation-after:${stay.uid}`, 'preparation', {
        start: stay.end,
        end: addDays(stay.end, preparation),
      })
    }
  const last = runToTheEnd(shape, today)
  if (settings.windowMonths !== null && last) {
    const opens = monthsAfter(today, settings.windowMonths)
    // The run to the export's end starts where Airbnb counted the window to, give or take its
    // slack; one that starts earlier is the host's closure joined to it.
    claim('window', 'window', {
      start: last.start >= addDays(opens, -MONTH_SLACK_DAYS) ? last.start : opens,
      end: last.end,
    })
  }
  return rules
}

/**
 * Airbnb's feed, judged on the property's `today` with what the days before showed: each closed
 * run cut into its rules' parts and the rest. Reservations and other events are not among the
 * parts. The rules' parts are named by rule (`rule:notice`, `rule:window`,
 * `rule:preparation-before:<reservation UID>` …), so a rule that moves each day stays one stay.
 */
export function judgeAirbnbFeed<E extends RuleEvent>(
  events: readonly E[],
  today: DateOnly,
  before: readonly DayEvidence[],
): { parts: JudgedPart<E>[]; seen: DayEvidence } {
  const shape = shapeOf(events)
  const kept = evidenceBefore(before, today)
  const bounds = evidenceOf(shape, today)
  const toTheEnd = runToTheEnd(shape, today)
  const noticeReach = { start: today, end: addDays(today, settingsOf(bounds, kept).reach) }
  const explained = toTheEnd ? [noticeReach, toTheEnd] : [noticeReach]
  const seen = { ...bounds, preparationNew: preparationNewOf(shape, today, kept.at(-1), explained) }
  const closedEvents = events.filter(isClosedRun)
  const rules = ruleNights(shape, today, settingsOf(seen, kept))
  const parts: JudgedPart<E>[] = []
  const byStart = [...closedEvents].sort((a, b) => textOrder(a.start, b.start))
  // The closed event a rule's night came from (its summary and text go with the part).
  const sourceOf = (night: DateOnly) => byStart[Math.max(0, insertionPoint(byStart, addDays(night, 1)) - 1)]!
  for (const { key, rule, runs } of rules)
    runs.forEach((run, i) =>
      parts.push({
        event: sourceOf(run.start),
        uid: i === 0 ? `rule:${key}` : `rule:${key}#${run.start}`,
        ...run,
        rule,
      }),
    )
  const ruled = runsOf(rules.flatMap((rule) => rule.runs))
  for (const event of closedEvents)
    subtract([{ start: event.start, end: event.end }], within(ruled, event)).forEach((run, i) =>
      parts.push({ event, uid: i === 0 ? event.uid : `${event.uid}#${run.start}`, ...run, rule: null }),
    )
  return { parts, seen }
}
