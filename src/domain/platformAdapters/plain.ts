import { classifySummary } from '../bookings.ts'
import type { PlatformAdapter } from './adapter.ts'

/**
 * The adapter of a platform whose export means what it says: the shared summary rule
 * (`classifySummary`), and no rules of its own among its closed nights.
 */
export const plainAdapter: PlatformAdapter = { readSummary: (summary) => classifySummary(summary) }
