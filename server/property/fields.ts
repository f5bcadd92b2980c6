import { z } from 'zod'
import {
  ExternalCalendarBody,
  PropertyFieldsSchema,
  type ExternalCalendarInput,
} from '../../contract/property.ts'
import { calendarLink, otherPlatformOfLink } from '../../src/domain/calendarLink.ts'
import { isPlatformName } from '../../src/domain/platforms.ts'
import { fieldError } from '../errors.ts'
import { invalidBody } from '../web/validationErrors.ts'

/**
 * Each failure names the platform in a sentence (errors.property.*) and blames the field the
 * form shows it at: `platformName` and `urlPath` for one link, or one field for a link in a list.
 */
export function checkExternalCalendar(
  input: ExternalCalendarInput,
  fields: { platformName: string; urlPath: string } = { platformName: 'platformName', urlPath: 'urlPath' },
): ExternalCalendarInput {
  const platformName = input.platformName.trim()
  if (!isPlatformName(platformName))
    throw fieldError(fields.platformName, 'errors.property.platformName', { platform: platformName })
  const urlPath = calendarLink(input.urlPath)
  if (urlPath === null)
    throw fieldError(fields.urlPath, 'errors.property.urlPath', { platform: platformName })
  const other = otherPlatformOfLink(urlPath, platformName)
  if (other !== null)
    throw fieldError(fields.urlPath, 'errors.property.otherPlatformLink', { platform: platformName, other })
  return { platformName, urlPath }
}

/**
 * One link pasted for two platforms would import every stay twice and double the revenue
 * (docs/product.md §5.5): a property links a calendar once.
 */
export const duplicateLink = (platform: string, other: string, field = 'urlPath') =>
  fieldError(field, 'errors.property.duplicateLink', { platform, other })

/**
 * A property never links one of its own feeds: read back, its own stays would come in again as
 * that platform's, each in conflict with itself for as long as the link stays.
 */
export const ownFeedLink = (platform: string, field = 'urlPath') =>
  fieldError(field, 'errors.property.ownFeedLink', { platform })

/** Where the property form shows a problem with the link of one platform. */
export const linkField = (platform: string) => `externalCalendars.${platform}`

/** The multipart `externalCalendars` field: JSON text of `[{platformName, urlPath}]`, one per platform. */
function parseExternalCalendars(text: string): ExternalCalendarInput[] {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw fieldError('externalCalendars', 'errors.property.externalCalendars')
  }
  const list = z.array(ExternalCalendarBody).safeParse(parsed)
  if (!list.success) throw fieldError('externalCalendars', 'errors.property.externalCalendars')
  const seen = new Set<string>()
  const platformOfLink = new Map<string, string>()
  return list.data.map((item) => {
    const field = linkField(item.platformName.trim())
    const calendar = checkExternalCalendar(item, { platformName: field, urlPath: field })
    if (seen.has(calendar.platformName))
      throw fieldError(field, 'errors.property.duplicatePlatform', { platform: calendar.platformName })
    seen.add(calendar.platformName)
    const other = platformOfLink.get(calendar.urlPath)
    if (other) throw duplicateLink(calendar.platformName, other, field)
    platformOfLink.set(calendar.urlPath, calendar.platformName)
    return calendar
  })
}

export type PropertyFields = Omit<z.infer<typeof PropertyFieldsSchema>, 'externalCalendars'> & {
  /** Absent: leave the property's links as they are (PATCH); present: the whole new set. */
  externalCalendars: ExternalCalendarInput[] | undefined
}

/** Validates the form's text fields; a 400 that blames every bad field, its message the first one's. */
export function parsePropertyFields(raw: Record<string, string>): PropertyFields {
  const result = PropertyFieldsSchema.safeParse(raw)
  if (result.success) {
    const { externalCalendars, ...fields } = result.data
    return {
      ...fields,
      externalCalendars:
        externalCalendars === undefined ? undefined : parseExternalCalendars(externalCalendars),
    }
  }
  throw invalidBody(result.error.issues)
}
