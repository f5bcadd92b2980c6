import type { Stay } from './bookings.ts'
import { addDays, isDateOnly, type DateOnly } from './dates.ts'
import { runsOf, subtract } from './nightRuns.ts'

/**
 * A block on a platform can be partly our own export coming back (its echo nights) and partly
 * the platform's own (a sale on Booking.com, a host's closure elsewhere): Booking.com merges the
 * nights it imported from Manzil with its own sale beside them into one run. The echo nights are
 * kept as runs, each `start/end` with `end` the day after its last night, joined by commas:
 * `2027-01-01/2027-01-03,2027-01-05/2027-01-06`.
 */

/** Consecutive nights as runs, in order; a night given twice counts once. */
export function runsOfNights(nights: Iterable<DateOnly>): Stay[] {
  const runs: Stay[] = []
  for (const night of [...new Set(nights)].sort()) {
    const last = runs.at(-1)
    if (last && last.end === night) last.end = addDays(night, 1)
    else runs.push({ start: night, end: addDays(night, 1) })
  }
  return runs
}

export const formatRuns = (runs: readonly Stay[]): string =>
  runs.map((run) => `${run.start}/${run.end}`).join(',')

/** The runs `formatRuns` wrote; anything else (null, a malformed part) reads as none. */
export function parseRuns(text: string | null | undefined): Stay[] {
  if (!text) return []
  return text.split(',').flatMap((part) => {
    const [start, end] = part.split('/')
    return start && end && isDateOnly(start) && isDateOnly(end) && start < end ? [{ start, end }] : []
  })
}

/** A stay as the echo rule left it: all echo, partly (its echo runs), or none. */
export type EchoJudgement = { echo: boolean; echoRuns: readonly Stay[] }

/**
 * The nights a stay holds as its platform's own, as runs: none for an echo, all but its echo
 * runs for a partial one, else the whole stay.
 */
export function ownRuns(stay: Stay, judgement: EchoJudgement): Stay[] {
  if (judgement.echo) return []
  if (judgement.echoRuns.length === 0) return [{ start: stay.start, end: stay.end }]
  return subtract([{ start: stay.start, end: stay.end }], runsOf(judgement.echoRuns))
}

/**
 * One copy of the stay per run of its own nights, each with that run's dates under the stay's
 * own date names: what occupancy, revenue, conflicts and other platforms' feeds count.
 */
export function ownParts<T extends Record<S | E, DateOnly>, S extends string, E extends string>(
  stay: T,
  dates: { start: S; end: E },
  judgement: EchoJudgement,
): T[] {
  if (!judgement.echo && judgement.echoRuns.length === 0) return [stay]
  return ownRuns({ start: stay[dates.start], end: stay[dates.end] }, judgement).map((run) => ({
    ...stay,
    [dates.start]: run.start,
    [dates.end]: run.end,
  }))
}

/** A stay as the calendar reads it: an echo, partly one, a platform's rule, or none. */
type ReadStay = Stay & { echo: boolean; echoRuns?: readonly Stay[]; rule?: string }

/**
 * A stay's nights that are its platform's own, for a stay as the calendar reads it: none for an
 * echo or a platform's rule.
 */
export const ownRunsOf = (stay: ReadStay): Stay[] =>
  ownRuns(stay, { echo: stay.echo || stay.rule !== undefined, echoRuns: stay.echoRuns ?? [] })

/** Whether any of a stay's own nights falls within `nights`. */
export const holdsAnyOf = (stay: ReadStay, nights: Stay): boolean =>
  ownRunsOf(stay).some((run) => run.start < nights.end && nights.start < run.end)
