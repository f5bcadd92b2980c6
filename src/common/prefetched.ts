/**
 * How long data a first screen asked for ahead of its render stays fresh, so that the
 * screen, mounting a moment later, shows it rather than asking the server again. Changes still
 * reach it at once: every edit, sync and live notification invalidates the data it touches.
 */
export const PREFETCHED_FRESH_MS = 10_000
