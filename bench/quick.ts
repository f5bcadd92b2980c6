/**
 * Quick mode (`BENCH_QUICK=1`): a benchmark runs at small sizes and once, to show that it still
 * runs to the end and that its correctness checks hold. Its timings then measure nothing, so a
 * timing target it misses is printed, not failed. CI runs every benchmark this way.
 */
export const QUICK = process.env.BENCH_QUICK === '1'

/** The full run's size, or the quick one's. */
export const sized = <T>(full: T, quick: T): T => (QUICK ? quick : full)

/** The middle of these figures (the upper middle of an even count); 0 of none. */
export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

/** A timing target missed: the run fails, except in quick mode, where it is only reported. */
export function timingMissed(message: string) {
  if (QUICK) {
    console.log(`${message} (quick mode: timings are not held to their targets)`)
    return
  }
  console.error(message)
  process.exitCode = 1
}
