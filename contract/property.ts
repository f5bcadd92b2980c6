import { z } from 'zod'
import { ImportFigures } from './imports.ts'
import { multiLine, singleLine } from '../src/domain/plainText.ts'
import { isTimeZone } from '../src/domain/timeZones.ts'
import { listOrPage, pageOf } from './paging.ts'
import { PAGE_SIZES } from '../src/domain/pageSizes.ts'
import { isCapacityText, isClockTime, isCostText, TEXT_MAX } from '../src/domain/property.ts'

/** The status badge values; stored lower-case in properties.status. */
export const PropertyStatus = z.enum(['Available', 'Booked', 'Maintenance'])
export type PropertyStatus = z.infer<typeof PropertyStatus>

export const PropertyImage = z.object({
  id: z.string(),
  url: z.string(),
  thumbnailUrl: z.string(),
  propertyId: z.string(),
})
export type PropertyImage = z.infer<typeof PropertyImage>

export const ExternalCalendar = z.object({
  id: z.string(),
  platformName: z.string(),
  urlPath: z.string(),
  lastSyncedAt: z.string().nullable(),
  lastError: z.string().nullable(),
  /** Failed its parsing budget three times running: not fetched again until edited or synced by hand. */
  paused: z.boolean(),
  /** Its feed keeps changing: its changes are not announced one by one until it is quiet. */
  unstable: z.boolean(),
})
export type ExternalCalendar = z.infer<typeof ExternalCalendar>

/** What a member of a property's team is to it (docs/product.md §7.13); its owner is neither. */
export const TeamRole = z.enum(['cohost', 'cleaner'])
export type TeamRole = z.infer<typeof TeamRole>

/** A property as the API answers it (docs/product.md §3.2). */
export const Property = z.object({
  id: z.string(),
  name: z.string(),
  country: z.string(),
  region: z.string().nullable(),
  city: z.string(),
  address: z.string(),
  description: z.string().nullable(),
  capacity: z.number(),
  costPerNight: z.number().nullable(),
  /** The IANA zone of the property's "today" and of its feeds' timed events (docs/product.md §4.9). */
  timeZone: z.string(),
  /** "HH:MM" in the property's zone: when guests arrive and leave (docs/product.md §3.2). */
  checkInTime: z.string(),
  checkOutTime: z.string(),
  status: PropertyStatus,
  images: z.array(PropertyImage),
  externalCalendars: z.array(ExternalCalendar),
  createdAt: z.string(),
  /**
   * Only on a property another account shared with the reader: as what, whose it is, and the
   * reader's membership (what leaving the team removes: docs/product.md §7.13).
   */
  sharedBy: z.object({ role: TeamRole, ownerName: z.string(), memberId: z.string() }).optional(),
})
export type Property = z.infer<typeof Property>

/** A page of the grid: four rows of three cards, or six of four, on wide screens. */
export const PROPERTY_PAGE_SIZE = PAGE_SIZES.properties
/** `search` finds a name or a city, as the grid's search box did in the browser (docs/product.md §2.8). */
export const PropertyPage = pageOf(Property)
/** The whole list (docs/product.md §7.4), or a page of it when the query asks for one (contract/paging.ts). */
export const PropertyList = listOrPage(Property)

/** The availability feed to paste into one platform: no names, none of its own stays. */
/** A platform's availability feed of the property, and how that platform imports it. */
export const PlatformFeed = z
  .object({ platformName: z.string(), url: z.string() })
  .extend(ImportFigures.shape)
export type PlatformFeed = z.infer<typeof PlatformFeed>

/**
 * `url` is the private full feed the calendar screen reads; `platforms` one
 * availability feed per platform the property links.
 */
export const InternalCalendar = z.object({ url: z.string(), platforms: z.array(PlatformFeed) })
export type InternalCalendar = z.infer<typeof InternalCalendar>
export const Platform = z.object({ name: z.string(), domain: z.string() })

const Id = z.string().min(1).max(64)
export const PropertyParams = z.object({ id: Id })
export const PlatformParams = z.object({ id: Id, platformName: z.string().max(100) })
export const ImageParams = z.object({ id: Id, imageId: Id })
export const CalendarParams = z.object({ id: Id, calendarId: Id })

/** The shape only; `checkExternalCalendar` applies the rules with messages in the reader's language. */
export const ExternalCalendarBody = z.object({
  platformName: z.string().max(100),
  urlPath: z.string().max(2048),
})
export type ExternalCalendarInput = z.infer<typeof ExternalCalendarBody>

/**
 * A text field whose every failure (missing, too long) reports one locale key, made `plain`
 * first: one line unless told, and without control characters, as the property's texts reach
 * feeds and mails.
 */
const text = (key: string, max: number, plain = singleLine) =>
  z.string({ error: key }).overwrite(plain).trim().max(max, { error: key })
/** Absent or blank reads as null. */
const optionalText = (key: string, max: number, plain = singleLine) =>
  text(key, max, plain)
    .optional()
    .transform((value) => value || null)

/** An optional time of day, "HH:MM" 24-hour; its locale key names the field. */
const clockTime = (error: string) =>
  z
    .string({ error })
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .refine((value) => value === undefined || isClockTime(value), { error })

/**
 * The create/update form as multipart text fields. The issue message of every rule is
 * the locale key that names the field, so `parsePropertyFields` can throw it as it is.
 */
export const PropertyFieldsSchema = z.object({
  name: z
    .string({ error: 'errors.property.nameRequired' })
    .overwrite(singleLine)
    .trim()
    .min(1, { error: 'errors.property.nameRequired' })
    .max(TEXT_MAX.name, { error: 'errors.property.nameTooLong' }),
  // The add form refuses an address whose first part (the country) is empty (docs/product.md §5.4).
  country: text('errors.property.country', TEXT_MAX.country).min(1, { error: 'errors.property.country' }),
  region: optionalText('errors.property.region', TEXT_MAX.region),
  city: text('errors.property.city', TEXT_MAX.city).default(''),
  address: text('errors.property.address', TEXT_MAX.address).default(''),
  description: optionalText('errors.property.description', TEXT_MAX.description, multiLine),
  capacity: z
    .string({ error: 'errors.property.capacity' })
    .refine(isCapacityText, { error: 'errors.property.capacity' })
    .transform(Number),
  // The client sends a number as text; it may be null, which arrives absent, blank or "null".
  costPerNight: z
    .string({ error: 'errors.property.costPerNight' })
    .trim()
    .optional()
    .transform((value) => (value === undefined || value === '' || value === 'null' ? null : value))
    .refine((value) => value === null || isCostText(value), { error: 'errors.property.costPerNight' })
    .transform((value) => (value === null ? null : Number(value))),
  externalCalendars: z.string({ error: 'errors.property.externalCalendars' }).optional(),
  // An IANA name; absent or blank: the country's zone for a new property, unchanged on update.
  timeZone: z
    .string({ error: 'errors.property.timeZone' })
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .refine((value) => value === undefined || isTimeZone(value), { error: 'errors.property.timeZone' }),
  // "HH:MM"; absent or blank: 15:00 and 11:00 for a new property, unchanged on update.
  checkInTime: clockTime('errors.property.checkInTime'),
  checkOutTime: clockTime('errors.property.checkOutTime'),
})
