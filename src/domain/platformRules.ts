import { classifySummary, nightsOverlap, type Stay } from './bookings.ts'
import { addDays, nightsBetween, type DateOnly } from './dates.ts'

/**
 * Airbnb writes its own booking rules into its export as closed nights, in the same words as a
 * night the host closed: the advance notice as a run from today, the end of the booking window
 * as a run from months ahead to the end of the export, and the preparation time as nights beside
 * each reservation. They are recognised by their shape (docs/decisions.md, "A platform's own
 * rules"): none of them is a stay, so none occupies a night, clashes, or goes to another platform.
 */

/** The platform whose export writes its rules as closed nights. */
export const RULES_PLATFORM = 'Airbnb'

export const PLATFORM_RULES = ['notice', 'window', 'preparation'] as const
export type PlatformRule = (typeof PLATFORM_RULES)[number]

export const isPlatformRule = (value: unknown): value is PlatformRule =>
  (PLATFORM_RULES as readonly unknown[]).includes(value)

/** Airbnb's advance notice is at most 7 days: a longer run from today is the host's closure. */
const MAX_NOTICE_NIGHTS = 7

/** Airbnb's shortest booking window is 3 months (89 to 92 days), less a day. */
const MIN_WINDOW_LEAD_DAYS = 88

/** The booking windows Airbnb offers, in months ahead of today. */
const WINDOW_MONTHS = [3, 6, 9, 12, 24]

/** The day `months` months after `date`, on the same day of the month or its last. */
function monthsAfter(date: DateOnly, months: number): DateOnly {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  const target = new Date(Date.UTC(year, month - 1 + months, 1))
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate()
  target.setUTCDate(Math.min(day, last))
  return target.toISOString().slice(0, 10)
}

/** Whether a run starts where one of Airbnb's booking windows ends, seen from `today`. */
const startsAtAWindowsEnd = (run: Stay, today: DateOnly) =>
  WINDOW_MONTHS.some((months) => Math.abs(shift(monthsAfter(today, months), run.start)) <= MONTH_SLACK_DAYS)

/** Airbnb's preparation time is 1 or 2 nights before and after each reservation. */
const MAX_PREPARATION_NIGHTS = 2

/**
 * A window counted in months moves with today by a few days more or less around a month's end
 * (from the 28th to the 30th of November, 3 months ahead is the 28th of February).
 */
const MONTH_SLACK_DAYS = 3

/** What the rules are read from: each event's summary and nights. */
export type RuleEvent = Stay & { summary: string }

/**
 * A closed run a previous sync kept, and the rule it was judged to be (null: the host's). Other
 * events kept (reservations) may be given too; only closed runs are read.
 */
export type KeptRun = RuleEvent & { rule: PlatformRule | null }

/** What the calendar's previous sync kept of its events, and its property's day then. */
export type RuleHistory = { today: DateOnly; kept: readonly KeptRun[] }

const NOT_AVAILABLE = /^airbnb \(not available\)$/i

const isClosedRun = (event: RuleEvent) => NOT_AVAILABLE.test(event.summary.trim())

const nights = (stay: Stay) => nightsBetween(stay.start, stay.end)

/** How far a day moved from `from` to `to`, in days; negative when it moved back. */
const shift = (from: DateOnly, to: DateOnly) => nightsBetween(from, to) - nightsBetween(to, from)

const fromTodayOrTomorrow = (run: Stay, today: DateOnly) =>
  run.start === today || run.start === addDays(today, 1)

/**
 * The advance notice: a run of at most the longest notice, from today or tomorrow. When the
 * previous sync had a run there (a notice, or the host's closure joined to it), it is that run
 * moved with today: its start as far from today as before, its length the same. A closure
 * joined to the notice does not move so, and stays the host's until it has passed.
 */
function isNotice(run: Stay, today: DateOnly, history: RuleHistory | undefined): boolean {
  if (!fromTodayOrTomorrow(run, today) || nights(run) > MAX_NOTICE_NIGHTS) return false
  const before = history?.kept.find((kept) => isClosedRun(kept) && fromTodayOrTomorrow(kept, history.today))
  if (!history || !before) return true
  return shift(history.today, before.start) === shift(today, run.start) && nights(run) === nights(before)
}

/**
 * The end of the booking window: a run to the feed's last night that starts where one of
 * Airbnb's windows (3, 6, 9, 12 or 24 months) ends. When
 * the previous sync had one there (its last closed run, from months ahead of its day), it is that
 * run moved with today: on the same day, the same run; days later, both its ends moved forward
 * by about as many days. The host's closure to the end of the feed does not move so.
 */
function isWindow(run: Stay, today: DateOnly, horizon: DateOnly, history: RuleHistory | undefined): boolean {
  if (run.end !== horizon || run.start < addDays(today, MIN_WINDOW_LEAD_DAYS)) return false
  const last = history?.kept
    .filter(isClosedRun)
    .reduce<KeptRun | undefined>(
      (latest, kept) => (latest === undefined || kept.end > latest.end ? kept : latest),
      undefined,
    )
  // Seen for the first time, only where a window of Airbnb's would end: a host's closure that
  // happens to be the feed's last run, years ahead, is a closure.
  if (!history || !last || last.start < addDays(history.today, MIN_WINDOW_LEAD_DAYS))
    return startsAtAWindowsEnd(run, today)
  const days = shift(history.today, today)
  const moves = [shift(last.start, run.start), shift(last.end, run.end)]
  // On the same day the run keeps the judgement it had; only moving with today makes one a window.
  if (days <= 0) return last.rule === 'window' && moves.every((moved) => moved === 0)
  return (
    moves.every((moved) => moved >= 0 && Math.abs(moved - days) <= MONTH_SLACK_DAYS) &&
    moves.some((moved) => moved > 0)
  )
}

/**
 * The preparation time: the closed runs of the same k nights (1 ≤ k ≤ 2) directly before or after
 * reservations, the same k for every reservation so bordered, and found beside two reservations
 * at least (one when a previous sync kept a preparation run of k nights). A run that fills the
 * gap between two reservations, no longer than twice k, is both one's and the other's. Any other
 * run beside a reservation is the host's.
 */
function preparationRuns<E extends RuleEvent>(
  runs: readonly E[],
  reservations: readonly Stay[],
  history: RuleHistory | undefined,
): Set<E> {
  const count = (days: DateOnly[]) => {
    const counts = new Map<DateOnly, number>()
    for (const day of days) counts.set(day, (counts.get(day) ?? 0) + 1)
    return counts
  }
  const checkIns = count(reservations.map((stay) => stay.start))
  const checkOuts = count(reservations.map((stay) => stay.end))
  // How many reservations a run borders: those checking in on its end, and out on its start.
  const bordered = (run: Stay) => (checkIns.get(run.end) ?? 0) + (checkOuts.get(run.start) ?? 0)
  const beside = runs.filter((run) => bordered(run) === 1 && nights(run) <= MAX_PREPARATION_NIGHTS)
  const length = beside[0] && nights(beside[0])
  if (!length || beside.some((run) => nights(run) !== length)) return new Set()
  const besideStarts = new Set(beside.map((run) => run.start))
  const besideEnds = new Set(beside.map((run) => run.end))
  const reservationsBordered = reservations.filter(
    (stay) => besideEnds.has(stay.start) || besideStarts.has(stay.end),
  ).length
  const kept = history?.kept.some((run) => run.rule === 'preparation' && nights(run) === length)
  if (reservationsBordered < (kept ? 1 : 2)) return new Set()
  const between = runs.filter((run) => bordered(run) === 2 && nights(run) <= 2 * length)
  return new Set([...beside, ...between])
}

/**
 * Which of an Airbnb feed's closed runs are its rules, and which rule each is; every other event
 * (a reservation, a host's closure) is left out. `today` is the property's day; `previous` what
 * the calendar's previous sync kept, each stay with the rule it was judged to be, and its day
 * then (none on a first import: the runs' shapes alone decide).
 */
export function platformRulesOf<E extends RuleEvent>(
  events: readonly E[],
  context: { platform: string; today: DateOnly; previous?: RuleHistory },
): Map<E, PlatformRule> {
  const rules = new Map<E, PlatformRule>()
  if (context.platform !== RULES_PLATFORM) return rules
  const { today, previous } = context
  const runs = events.filter(isClosedRun)
  const reservations = events.filter((event) => classifySummary(event.summary).kind === 'booking')
  const horizon = events.reduce<DateOnly | undefined>(
    (latest, event) => (latest === undefined || event.end > latest ? event.end : latest),
    undefined,
  )
  const preparation = preparationRuns(runs, reservations, previous)
  // Airbnb closes a night by its rules only where no reservation holds it: a closed run over a
  // reservation's nights is the host's.
  const overReservation = (run: Stay) => reservations.some((stay) => nightsOverlap(stay, run))
  for (const run of runs) {
    if (overReservation(run)) continue
    if (preparation.has(run)) rules.set(run, 'preparation')
    else if (isNotice(run, today, previous)) rules.set(run, 'notice')
    else if (horizon !== undefined && isWindow(run, today, horizon, previous)) rules.set(run, 'window')
  }
  return rules
}
