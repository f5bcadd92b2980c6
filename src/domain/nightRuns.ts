import { occupiedRuns, type Stay } from './bookings.ts'
import { nightsBetween } from './dates.ts'

/**
 * Sets of nights as runs: sorted, disjoint, not touching (`occupiedRuns` merges overlapping and
 * adjacent ones). A ten-year stay is one run, not 3,650 nights: every operation here costs the
 * number of runs, never the number of nights.
 */
export type Runs = readonly Stay[]

export const runsOf = (stays: readonly Stay[]): Stay[] => occupiedRuns(stays)

export const union = (a: Runs, b: Runs): Stay[] => occupiedRuns([...a, ...b])

const later = (a: string, b: string) => (a > b ? a : b)
const earlier = (a: string, b: string) => (a < b ? a : b)

/** The nights in both. */
export function intersect(a: Runs, b: Runs): Stay[] {
  const result: Stay[] = []
  let i = 0
  let j = 0
  while (i < a.length && j < b.length) {
    const start = later(a[i]!.start, b[j]!.start)
    const end = earlier(a[i]!.end, b[j]!.end)
    if (start < end) result.push({ start, end })
    if (a[i]!.end < b[j]!.end) i++
    else j++
  }
  return result
}

/** The nights before `day`. */
export const before = (runs: Runs, day: string): Stay[] =>
  runs.filter((run) => run.start < day).map((run) => ({ start: run.start, end: earlier(run.end, day) }))

/** The nights of `a` not in `b`. */
export function subtract(a: Runs, b: Runs): Stay[] {
  const result: Stay[] = []
  let j = 0
  for (const run of a) {
    let start = run.start
    while (j < b.length && b[j]!.end <= start) j++
    for (let k = j; k < b.length && b[k]!.start < run.end; k++) {
      if (b[k]!.start > start) result.push({ start, end: b[k]!.start })
      start = later(start, b[k]!.end)
    }
    if (start < run.end) result.push({ start, end: run.end })
  }
  return result
}

export const nightCount = (runs: Runs): number =>
  runs.reduce((sum, run) => sum + nightsBetween(run.start, run.end), 0)

/** Whether every night of `inner` is in `outer`. */
export const covers = (outer: Runs, inner: Runs): boolean => subtract(inner, outer).length === 0

export const sameRuns = (a: Runs, b: Runs): boolean =>
  a.length === b.length && a.every((run, i) => run.start === b[i]!.start && run.end === b[i]!.end)
