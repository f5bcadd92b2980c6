import { z } from 'zod'
import { Email } from './auth.ts'
import { TeamRole } from './property.ts'

/** The longest window of cleanings one request reads, in days (docs/product.md §7.11). */
export const TURNOVER_RANGE_MAX_DAYS = 92

/** The shape only; the server checks the dates and the window, in the reader's language. */
export const TurnoverQuery = z.object({
  start: z.string().max(32),
  end: z.string().max(32),
  propertyId: z.string().max(64).optional(),
})
export type TurnoverQuery = z.infer<typeof TurnoverQuery>

/**
 * A cleaning (docs/product.md §3.9): a booking's check-out at a property, with the next check-in
 * there. `date` is the check-out day; `nights` the stay's; `gapNights` the nights free before the
 * next check-in (0 on a same-day turnover), null when none is known.
 */
export const Turnover = z.object({
  propertyId: z.string(),
  propertyName: z.string(),
  /** Where the property is, as its card says it: what a cleaner who reads no property needs. */
  propertyAddress: z.string(),
  stayId: z.string(),
  date: z.string(),
  checkOutTime: z.string(),
  nights: z.number().int(),
  nextCheckIn: z.object({ stayId: z.string(), date: z.string(), time: z.string() }).nullable(),
  sameDay: z.boolean(),
  gapNights: z.number().int().nullable(),
})
export type Turnover = z.infer<typeof Turnover>

/**
 * A property whose cleanings the reader may read (docs/product.md §6), with what the Turnovers
 * screen needs of it: its name for the select, its zone for "today", and the reader's part in
 * it (a cleaner opens no calendar, and only an owner makes cleaner's links).
 */
export const TurnoverProperty = z.object({
  id: z.string(),
  name: z.string(),
  timeZone: z.string(),
  access: z.union([z.literal('owner'), TeamRole]),
})
export type TurnoverProperty = z.infer<typeof TurnoverProperty>

/** The most cleaner's links one account may hold (docs/product.md §7.11). */
export const CLEANER_LINKS_PER_ACCOUNT = 20

/** The days of cleanings a cleaner's link shows from today, today included. */
export const CLEANER_DAYS = 30

/** The days of cleanings whose changes a confirmed address is mailed, from today, today included. */
export const CLEANER_CHANGE_DAYS = 14

const LinkLanguage = z.enum(['en', 'ar'])

/** A new cleaner's link: whose cleanings (the caller's properties), and whom to tell. */
export const CleanerLinkBody = z.object({
  name: z.string().trim().min(1).max(100),
  propertyIds: z.array(z.string().max(64)).min(1).max(500),
  email: Email.optional(),
  language: LinkLanguage.optional(),
})
export type CleanerLinkBody = z.infer<typeof CleanerLinkBody>

/** A cleaner's link as its owner sees it: the page's and the feed's secret addresses. */
export const CleanerLink = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  icsUrl: z.string(),
  propertyIds: z.array(z.string()),
  email: z.string().nullable(),
  emailConfirmed: z.boolean(),
  language: LinkLanguage,
  createdAt: z.string(),
})
export type CleanerLink = z.infer<typeof CleanerLink>

/** What a confirmed address will be told about: the link's name, and the address itself. */
export const ConfirmedCleanerEmail = z.object({ name: z.string(), email: z.string() })
export type ConfirmedCleanerEmail = z.infer<typeof ConfirmedCleanerEmail>

export const CleanerLinkParams = z.object({ id: z.string().max(64) })
export const CleanerTokenParams = z.object({ token: z.string().max(200) })

/**
 * A cleaning as a cleaner reads it: where and when, never who stays, through which platform or
 * at what price.
 */
export const CleanerCleaning = Turnover.pick({
  propertyId: true,
  propertyName: true,
  stayId: true,
  date: true,
  checkOutTime: true,
  nextCheckIn: true,
  sameDay: true,
  gapNights: true,
}).extend({ address: z.string() })
export type CleanerCleaning = z.infer<typeof CleanerCleaning>

/** What a cleaner's page shows: the link's name and language, and the next days' cleanings. */
export const CleanerSchedule = z.object({
  name: z.string(),
  language: LinkLanguage,
  from: z.string(),
  to: z.string(),
  cleanings: z.array(CleanerCleaning),
})
export type CleanerSchedule = z.infer<typeof CleanerSchedule>
