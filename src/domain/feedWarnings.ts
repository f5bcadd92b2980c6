import { isDateOnly, type DateOnly } from './dates.ts'

/**
 * Something a feed said of a stay that could not be taken as written, kept with the stay so
 * the host sees it. `endBeforeStart`: DTEND fell before DTSTART, so the stay is one night from
 * its start. `beyondHorizon`: the stay went on past the horizon of stays kept (docs/product.md
 * §10.3), so it ends there. `start` and `end` are the days the feed gave.
 */
export type FeedWarning = { kind: 'endBeforeStart' | 'beyondHorizon'; start: DateOnly; end: DateOnly }

const KINDS: ReadonlySet<string> = new Set<FeedWarning['kind']>(['endBeforeStart', 'beyondHorizon'])

/** A warning from untrusted parts (a stored text, an export feed's property), or null. */
export function feedWarningOf(kind: unknown, start: unknown, end: unknown): FeedWarning | null {
  if (typeof kind !== 'string' || !KINDS.has(kind)) return null
  if (typeof start !== 'string' || !isDateOnly(start) || typeof end !== 'string' || !isDateOnly(end))
    return null
  return { kind: kind as FeedWarning['kind'], start, end }
}

/** The stored text of a warning (`bookings.feed_warning`): JSON, its keys in one order. */
export const feedWarningText = (warning: FeedWarning | null): string | null =>
  warning && JSON.stringify({ kind: warning.kind, start: warning.start, end: warning.end })

/** A stored warning back; null for none, or for a text that is not one. */
export function readFeedWarningText(text: string | null): FeedWarning | null {
  if (!text) return null
  try {
    const parsed = JSON.parse(text) as Partial<Record<keyof FeedWarning, unknown>> | null
    return parsed && feedWarningOf(parsed.kind, parsed.start, parsed.end)
  } catch {
    return null
  }
}
