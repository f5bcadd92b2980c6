import { addressPartsFor, joinAddress, splitAddress, type AddressParts } from './address.ts'
import { multiLine, singleLine } from './plainText.ts'
import { calendarLink, otherPlatformOfLink } from './calendarLink.ts'
import { linksToSend, type PlatformLink } from './platformSelection.ts'
import { defaultTimeZone } from './countryZones.ts'

/** The parts of a stored property that the form rules read. */
export type EditableProperty = {
  name: string
  country: string
  region: string | null
  city: string
  address: string
  description: string | null
  capacity: number
  costPerNight: number | null
  timeZone: string
  checkInTime: string
  checkOutTime: string
  images: { id: string }[]
  externalCalendars: PlatformLink[]
}

/**
 * The longest text each field takes, in characters once made plain (docs/product.md §5.4): the
 * form and the API's schema (contract/property.ts) both read these.
 */
export const TEXT_MAX = { name: 120, country: 120, region: 120, city: 120, address: 300, description: 300 }
/** The longest description. */
export const DESCRIPTION_MAX = TEXT_MAX.description

/** What the host types in the add and edit forms, before it becomes the multipart payload. */
export type PropertyDraft = {
  name: string
  addressText: string
  capacity: string
  costPerNight: string
  description: string
  platforms: PlatformLink[]
  /** The property's IANA zone. */
  timeZone: string
  /** Whether the host chose the zone; until then it follows the country typed in the address. */
  timeZonePicked: boolean
  /** "HH:MM", 24-hour, in the property's zone. */
  checkInTime: string
  checkOutTime: string
}

/** The create/update payload (docs/product.md §7.4), minus the photos. */
export type PropertyFields = {
  name: string
  country: string
  region?: string
  city: string
  address: string
  capacity: number
  costPerNight: number | null
  description?: string
  externalCalendars: PlatformLink[]
  timeZone: string
  checkInTime: string
  checkOutTime: string
}

/** When guests arrive and leave unless the host says otherwise (docs/product.md §3.2). */
export const DEFAULT_CHECK_IN_TIME = '15:00'
export const DEFAULT_CHECK_OUT_TIME = '11:00'

export const EMPTY_DRAFT: PropertyDraft = {
  name: '',
  addressText: '',
  capacity: '',
  costPerNight: '',
  description: '',
  platforms: [],
  timeZone: defaultTimeZone(''),
  timeZonePicked: false,
  checkInTime: DEFAULT_CHECK_IN_TIME,
  checkOutTime: DEFAULT_CHECK_OUT_TIME,
}

/** A field's problem as a locale key, with its values. */
export type FieldProblem = { key: string; values?: Record<string, string> }
/** Problems by field; a platform link's under `link:<platform name>`. */
export type DraftProblems = Partial<Record<string, FieldProblem>>

/** The largest capacity and cost per night a property takes, in the form and on the server. */
export const MAX_CAPACITY = 10_000
export const MAX_COST_PER_NIGHT = 1_000_000

/** A time of day as the forms and the API take it: "HH:MM", 24-hour. */
export const isClockTime = (text: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(text.trim())

/** A capacity as typed: a whole number from 1 to MAX_CAPACITY, spaces around it aside. */
export function isCapacityText(text: string): boolean {
  const typed = text.trim()
  return /^\d{1,6}$/.test(typed) && Number(typed) >= 1 && Number(typed) <= MAX_CAPACITY
}

/** A cost per night as typed (not empty): a number up to MAX_COST_PER_NIGHT, spaces around it aside. */
export function isCostText(text: string): boolean {
  const typed = text.trim()
  return /^\d{1,9}(\.\d+)?$/.test(typed) && Number(typed) <= MAX_COST_PER_NIGHT
}

/** Whether a text is longer than `max` once made plain and trimmed, as the API stores it. */
export const tooLong = (text: string, max: number, plain: (text: string) => string = singleLine) =>
  plain(text).trim().length > max
/** The first of the address's parts the API would refuse: an empty country, or a part too long. */
function addressProblem(parts: AddressParts): FieldProblem | null {
  if (singleLine(parts.country).trim() === '' || tooLong(parts.country, TEXT_MAX.country))
    return { key: 'errors.property.country' }
  if (tooLong(parts.region, TEXT_MAX.region)) return { key: 'errors.property.region' }
  if (tooLong(parts.city, TEXT_MAX.city)) return { key: 'errors.property.city' }
  if (tooLong(parts.address, TEXT_MAX.address)) return { key: 'errors.property.address' }
  return null
}

/**
 * The checks the server makes on a property form (server/property/fields.ts), made
 * before any call so that each problem shows at its field: a name, a country (the address's first part), a
 * capacity that is a whole number from 1, a cost that is empty or a number, a description of at
 * most 300 characters, and web links (http or https), none on another platform's own domain.
 * Empty when the form can be sent.
 */
export function draftProblems(draft: PropertyDraft): DraftProblems {
  const problems: DraftProblems = {}
  if (singleLine(draft.name).trim() === '') problems.name = { key: 'errors.property.nameRequired' }
  else if (tooLong(draft.name, TEXT_MAX.name)) problems.name = { key: 'errors.property.nameTooLong' }
  const address = addressProblem(splitAddress(draft.addressText))
  if (address) problems.addressText = address
  if (!isCapacityText(draft.capacity)) problems.capacity = { key: 'errors.property.capacity' }
  if (draft.costPerNight.trim() !== '' && !isCostText(draft.costPerNight))
    problems.costPerNight = { key: 'errors.property.costPerNight' }
  if (tooLong(draft.description, TEXT_MAX.description, multiLine))
    problems.description = { key: 'errors.property.description' }
  if (!isClockTime(draft.checkInTime)) problems.checkInTime = { key: 'errors.property.checkInTime' }
  if (!isClockTime(draft.checkOutTime)) problems.checkOutTime = { key: 'errors.property.checkOutTime' }
  for (const link of draft.platforms) {
    const text = link.urlPath.trim()
    const field = `link:${link.platformName}`
    const other = otherPlatformOfLink(text, link.platformName)
    if (text !== '' && calendarLink(text) === null)
      problems[field] = { key: 'errors.property.urlPath', values: { platform: link.platformName } }
    else if (other !== null)
      problems[field] = {
        key: 'errors.property.otherPlatformLink',
        values: { platform: link.platformName, other },
      }
  }
  return problems
}

export const hasProblems = (problems: DraftProblems) => Object.keys(problems).length > 0

const ADDRESS_PARTS = ['country', 'region', 'city', 'address']
const LINK_FIELD = 'externalCalendars.'

/**
 * The form field where the server's refusal of one of its fields shows: the address
 * parts are typed as one address, and `externalCalendars.<platform>` is that platform's link.
 */
export function formFieldOf(serverField: string): string {
  if (ADDRESS_PARTS.includes(serverField)) return 'addressText'
  if (serverField.startsWith(LINK_FIELD)) return `link:${serverField.slice(LINK_FIELD.length)}`
  return serverField
}

/** The server's sentences by the form field each shows at. */
export function refusedFields(fields: Readonly<Record<string, string>> = {}): Record<string, string> {
  const byFormField: Record<string, string> = {}
  for (const [field, message] of Object.entries(fields)) byFormField[formFieldOf(field)] ??= message
  return byFormField
}

/**
 * Whether closing would lose something the host did since the form opened (`since`:
 * empty when adding, the stored property's draft when editing): a changed field, a photo picked
 * or removed (`photoChanges`), or a platform link. The zone is not counted while it only follows
 * the address.
 */
export function isDraftDirty(
  draft: PropertyDraft,
  photoChanges = 0,
  since: PropertyDraft = EMPTY_DRAFT,
): boolean {
  if (photoChanges > 0) return true
  const fields = [
    'name',
    'addressText',
    'capacity',
    'costPerNight',
    'description',
    'checkInTime',
    'checkOutTime',
  ] as const
  if (fields.some((field) => draft[field] !== since[field])) return true
  if (draft.timeZonePicked && draft.timeZone !== since.timeZone) return true
  return JSON.stringify(draft.platforms) !== JSON.stringify(since.platforms)
}

/**
 * A stored property's draft. Its zone keeps following the address while it is the one the
 * address gives (it was never chosen apart from it); a zone chosen apart from it stays.
 */
export function draftFrom(property: EditableProperty): PropertyDraft {
  const addressText = joinAddress(property)
  return {
    name: property.name,
    addressText,
    capacity: String(property.capacity),
    costPerNight: property.costPerNight === null ? '' : String(property.costPerNight),
    description: property.description ?? '',
    platforms: property.externalCalendars.map(({ platformName, urlPath }) => ({ platformName, urlPath })),
    timeZone: property.timeZone,
    timeZonePicked: property.timeZone !== defaultTimeZone(addressText),
    checkInTime: property.checkInTime,
    checkOutTime: property.checkOutTime,
  }
}

/** The host typed in the address: the zone follows the country until the host picks one. */
export const withAddressText = (draft: PropertyDraft, addressText: string): PropertyDraft => ({
  ...draft,
  addressText,
  timeZone: draft.timeZonePicked ? draft.timeZone : defaultTimeZone(addressText),
})

/** The host picked a zone: it stays whatever the address says next. */
export const withTimeZone = (draft: PropertyDraft, timeZone: string): PropertyDraft => ({
  ...draft,
  timeZone,
  timeZonePicked: true,
})

/** Adding needs a name and a country (the address's first part) (docs/product.md §5.4). */
export const canCreate = (draft: PropertyDraft) =>
  draft.name.trim() !== '' && splitAddress(draft.addressText).country !== ''

/** Saving needs a name and some address text. */
export const canSave = (draft: PropertyDraft) => draft.name.trim() !== '' && draft.addressText.trim() !== ''

/** The payload for a draft; for an edit, `original` keeps an untouched address as it is stored. */
export function fieldsFrom(draft: PropertyDraft, original?: EditableProperty): PropertyFields {
  const parts = addressPartsFor(draft.addressText, original)
  const description = draft.description.trim()
  const cost = draft.costPerNight.trim()
  return {
    name: draft.name.trim(),
    country: parts.country,
    ...(parts.region ? { region: parts.region } : {}),
    city: parts.city,
    address: parts.address,
    capacity: Number(draft.capacity),
    costPerNight: cost === '' ? null : Number(cost),
    ...(description ? { description } : {}),
    externalCalendars: linksToSend(draft.platforms),
    timeZone: draft.timeZone,
    checkInTime: draft.checkInTime.trim(),
    checkOutTime: draft.checkOutTime.trim(),
  }
}

/** What the list shows while an update is on its way: updating replaces the item. */
export function withChanges<T extends EditableProperty>(
  property: T,
  fields: PropertyFields,
  removedImageIds: string[],
): T {
  return {
    ...property,
    name: fields.name,
    country: fields.country,
    region: fields.region ?? null,
    city: fields.city,
    address: fields.address,
    capacity: fields.capacity,
    costPerNight: fields.costPerNight,
    description: fields.description ?? null,
    timeZone: fields.timeZone,
    images: property.images.filter((image) => !removedImageIds.includes(image.id)),
  }
}
