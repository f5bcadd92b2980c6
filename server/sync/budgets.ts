import type { DateOnly } from '../../src/domain/dates.ts'

/**
 * How much work one feed may ask of the server (docs/product.md §10.3). Every feed is untrusted input: these
 * count the work done, not only what comes out, so that no shape of feed can run unbounded. The
 * texts that name them to the host are `sync.errors.*` in locales/.
 */

/** A property line, unfolded, in characters: ical.js holds a whole line several times over. */
export const MAX_LINE_CHARS = 64 * 1024
/** Parameters of one property line: ical.js reads them in time that grows with their square. */
export const MAX_PARAMETERS = 100
/**
 * How far ahead stays are kept: to the end of the fifth calendar year after today's, well past
 * any platform's booking window. A stay that goes on longer is cut there (with a warning kept
 * on it); one that begins later is not read. Everything that goes night by night is bounded by
 * it, so a stay to the year 9999 costs what a stay to the horizon does. It moves once a year,
 * not daily, so a cut stay does not change (and is not announced as changed) every day.
 */
export const STAY_HORIZON_YEARS = 5

/** The first day no stay read on `today` may hold a night of: 1 January, six years on. */
export const stayHorizon = (today: DateOnly): DateOnly =>
  `${Number(today.slice(0, 4)) + STAY_HORIZON_YEARS + 1}-01-01`

/** Stays one feed may have inside the window read (a year and a half of nights is about 550). */
export const MAX_STAYS = 2000
/**
 * Recurrence iterator steps for one repeating event, matched or not: a daily rule that began 50
 * years ago takes about 18,000. One step costs ical.js about 10 µs.
 */
export const MAX_RECURRENCE_STEPS = 20_000
/**
 * Time a worker may spend busy reading one feed before it is ended: its own time, so that a stall
 * of the server's main thread fails no feed.
 */
export const PARSE_TIME_BUDGET_MS = 2000
/** A parse worker's heap; past it V8 ends the worker. */
export const PARSE_MEMORY_MB = 256
/**
 * A parse worker whose heap a feed left larger than this is replaced once it answers: V8 gives a
 * grown heap back only at a later collection, which an idle worker never has, so a pool would
 * otherwise keep the heap of the largest feed each worker read (a 5 MB feed of 89,000 events
 * leaves about 126 MB). A few dozen honest feeds' worth of stays stay well below it.
 */
export const PARSE_HEAP_KEPT_MB = 64
/** Budget failures in a row after which a feed is no longer fetched on schedule. */
export const PAUSE_AFTER_BUDGET_FAILURES = 3
