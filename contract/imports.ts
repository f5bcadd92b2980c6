import { z } from 'zod'

/**
 * Nights a platform's feed serves as taken that its latest fetch was not served: check-in
 * `start`, check-out `end`, taken since `since`.
 */
export const AtRiskRun = z.object({
  start: z.string(),
  end: z.string(),
  since: z.string(),
  /** The host said they closed these nights on the platform by hand; its next import confirms it. */
  acknowledged: z.boolean(),
})

/** What is known of a platform's imports of a property's availability feed. */
export const ImportFigures = z.object({
  /** Null: the platform has never fetched the link. */
  lastFetchedAt: z.string().nullable(),
  lastUserAgent: z.string().nullable(),
  /** Over the last 7 days; null under 3 fetches. */
  medianIntervalMinutes: z.number().int().nullable(),
  p95IntervalMinutes: z.number().int().nullable(),
  atRisk: z.array(AtRiskRun),
  /**
   * The platform's own calendar of the listing, where the host closes nights by hand: null unless
   * the address of the listing's export in Manzil names it (src/domain/platformAdapters.ts).
   */
  calendarPage: z.string().nullable(),
})

/**
 * The host's nights at risk, by property and platform, and the links platforms stopped importing;
 * each platform with its runs and how often it imports, which the calendar marks and its sync
 * strip shows.
 */
export const Exposure = z.object({
  nightsAtRisk: z.number().int(),
  properties: z.array(
    z.object({
      propertyId: z.string(),
      propertyName: z.string(),
      platforms: z.array(
        z
          .object({
            platformName: z.string(),
            nightsAtRisk: z.number().int(),
            oldestSince: z.string().nullable(),
          })
          .extend(
            ImportFigures.pick({
              lastFetchedAt: true,
              medianIntervalMinutes: true,
              atRisk: true,
              calendarPage: true,
            }).shape,
          ),
      ),
    }),
  ),
  silent: z.array(z.object({ propertyId: z.string(), platformName: z.string(), lastFetchedAt: z.string() })),
})
export type Exposure = z.infer<typeof Exposure>

/**
 * How one platform imports Manzil's availability feeds across every account, over the last 7
 * days: intervals between each feed's consecutive fetches, pooled (null under 3 of them); the
 * feeds and accounts that gave one; and who fetched, by User-Agent family ("" when none was sent).
 */
export const PlatformCadence = z.object({
  platformName: z.string(),
  medianIntervalMinutes: z.number().int().nullable(),
  p95IntervalMinutes: z.number().int().nullable(),
  feedsCounted: z.number().int(),
  accountsCounted: z.number().int(),
  userAgentFamilies: z.array(z.object({ family: z.string(), fetches: z.number().int() })),
})
export type PlatformCadence = z.infer<typeof PlatformCadence>
