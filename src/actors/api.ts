import type {
  ExternalCalendar,
  InternalCalendar,
  Platform,
  Property,
  PropertyImage,
  PropertyStatus,
} from '../../contract/property.ts'
import type { Profile, ProfileUpdateResponse } from '../../contract/user.ts'
import type { DashboardStatistics, MonthlyFigures, PeriodStatistics } from '../../contract/statistics.ts'
import type { LogEntry, LogPage, ManagedUser } from '../../contract/admin.ts'
import type { Guest } from '../../contract/guest.ts'
import type { CleanerLink, CleanerLinkBody, Turnover, TurnoverQuery } from '../../contract/turnover.ts'
import type { Page } from '../../contract/paging.ts'
import type { ManualStay, ManualStayBody, StaySearchHit } from '../../contract/stay.ts'
import type {
  NoticeStay,
  Notification as NotificationShape,
  NotificationData,
} from '../../contract/notification.ts'
import { apiPaths } from '../../contract/paths.ts'
import type { z } from 'zod'
import type { DateRange } from '../domain/dateRange.ts'
import type { PlatformLink } from '../domain/platformSelection.ts'
import type { PropertyFields } from '../domain/property.ts'
import { NO_FALLBACK, request, type BodyAt } from './http.ts'

export type {
  ExternalCalendar,
  InternalCalendar,
  LogEntry,
  LogPage,
  ManagedUser,
  ManualStay,
  Page,
  Profile,
  Property,
  PropertyImage,
  PropertyStatus,
  StaySearchHit,
  Turnover,
  CleanerLink,
  CleanerLinkBody,
}
export type PlatformOption = z.infer<typeof Platform>

/**
 * The property form's multipart payload (docs/product.md §7.4): optional fields only when present
 * (the server reads an absent one as empty), the photos last as repeated `images`.
 * `externalCalendars` replaces the property's set, so an update always sends it and a creation only
 * when there are links.
 */
export function propertyForm(fields: PropertyFields, images: File[], purpose: 'create' | 'update'): FormData {
  const form = new FormData()
  form.set('name', fields.name)
  form.set('country', fields.country)
  if (fields.region) form.set('region', fields.region)
  form.set('city', fields.city)
  form.set('address', fields.address)
  form.set('capacity', String(fields.capacity))
  if (fields.costPerNight !== null) form.set('costPerNight', String(fields.costPerNight))
  if (fields.description) form.set('description', fields.description)
  form.set('timeZone', fields.timeZone)
  form.set('checkInTime', fields.checkInTime)
  form.set('checkOutTime', fields.checkOutTime)
  if (purpose === 'update' || fields.externalCalendars.length > 0)
    form.set('externalCalendars', JSON.stringify(fields.externalCalendars))
  for (const image of images) form.append('images', image)
  return form
}

export type { DashboardStatistics, DateRange, MonthlyFigures, PeriodStatistics }
/** A new `email` needs `currentPassword` too (docs/product.md §4.4). */
export type ProfileChanges = Pick<Profile, 'name' | 'phone' | 'email' | 'residentalAddress'> & {
  currentPassword?: string
}
/** PATCH /user/profile: the saved profile; `pendingEmail` is a new address awaiting its mailed code. */
export type ProfileUpdate = z.infer<typeof ProfileUpdateResponse>
export type { Guest }

/**
 * A stored notification (docs/product.md §3.6). `data.kind` says what changed (absent on
 * older ones, which announced new bookings), `data.ical` holds the stays concerned, and `stay`,
 * `previous`, `other` and `nights` say the rest.
 */
export type AppNotification = NotificationShape
export type { NoticeStay, NotificationData }
export type { NoticeKind } from '../domain/noticeKinds.ts'

const { auth, user, statistics, admin, guest, stay, notification, sync, property, imports, turnover } =
  apiPaths

/** Which page of a long list, of how many rows, narrowed to the rows that hold `search`. */
export type PageParams = { page: number; pageSize: number; search?: string }

/**
 * A documented list call answers the whole list, or a page when the query asks for one
 * (docs/decisions.md, "Long lists come a page at a time"): each caller knows which it asked for.
 */
export const asPage = <Item>(answer: Item[] | Page<Item>): Page<Item> =>
  Array.isArray(answer) ? { items: answer, total: answer.length, page: 1, pageSize: answer.length } : answer
const asWhole = <Item>(answer: Item[] | Page<Item>): Item[] => (Array.isArray(answer) ? answer : answer.items)

/** Every API call of the app, by area; each returns the response data or throws ApiError. */
export const api = {
  auth: {
    login: (body: BodyAt<typeof auth.login>) => request(auth.login, { body }, NO_FALLBACK),
    sendLoginCode: (body: BodyAt<typeof auth.sendLoginCode>) =>
      request(auth.sendLoginCode, { body }, NO_FALLBACK),
    logout: () => request(auth.logout),
    sendRegistrationCode: (body: BodyAt<typeof auth.sendRegistrationCode>) =>
      request(auth.sendRegistrationCode, { body }, NO_FALLBACK),
    register: (body: BodyAt<typeof auth.register>) => request(auth.register, { body }, NO_FALLBACK),
    sendResetLink: (body: BodyAt<typeof auth.sendResetLink>) =>
      request(auth.sendResetLink, { body }, NO_FALLBACK),
    changePassword: (token: string, body: BodyAt<typeof auth.changePassword>) =>
      request(auth.changePassword, { params: { token }, body }, NO_FALLBACK),
    /** The old address's link takes an e-mail change back and signs every session out. */
    cancelEmailChange: (token: string) => request(auth.cancelEmailChange, { body: { token } }, NO_FALLBACK),
  },
  user: {
    profile: () => request(user.profile),
    updateProfile: (changes: ProfileChanges) => request(user.updateProfile, { body: changes }, NO_FALLBACK),
    /** Confirms a new e-mail address with the code mailed to it; the code travels as a number. */
    confirmEmail: (code: number) => request(user.confirmEmail, { body: { code } }, NO_FALLBACK),
    deleteAccount: () => request(user.deleteAccount, {}, NO_FALLBACK),
    sendTwofactorCode: () => request(user.sendTwofactorCode, {}, NO_FALLBACK),
    toggleTwofactor: (code: number) => request(user.toggleTwofactor, { body: { code } }, NO_FALLBACK),
    /** One's own notification settings: each one given, the others kept. */
    setNotifications: (settings: { enabled?: boolean; pushGuestNames?: boolean }) =>
      request(user.setNotifications, { body: settings }, NO_FALLBACK),
  },
  statistics: {
    dashboard: (range: DateRange) => request(statistics.dashboard, { query: range }),
    monthly: () => request(statistics.monthly),
    ownPeriod: (propertyId: string, range: DateRange) =>
      request(statistics.period, { params: { id: propertyId }, query: range }),
    adminPeriod: (propertyId: string, range: DateRange) =>
      request(admin.period, { params: { propertyId }, query: range }),
  },
  guest: {
    page: (params: PageParams) => request(guest.list, { query: params }).then(asPage),
  },
  /** The owner's stays across properties by guest, reservation code or phone's last 4 digits. */
  stay: {
    search: (text: string) => request(stay.search, { query: { q: text } }),
  },
  /** Nights the platforms have not yet closed, and links they stopped importing. */
  exposure: () => request(imports.exposure),
  notification: {
    list: () => request(notification.list),
    markRead: (id: string) => request(notification.markRead, { params: { id } }),
    trigger: () => request(sync.now),
  },
  property: {
    list: () => request(property.list).then(asWhole),
    page: (params: PageParams) => request(property.list, { query: params }).then(asPage),
    get: (id: string) => request(property.get, { params: { id } }),
    create: (fields: PropertyFields, images: File[]) =>
      request(property.create, { body: propertyForm(fields, images, 'create') }, NO_FALLBACK),
    update: (id: string, fields: PropertyFields, images: File[]) =>
      request(property.update, { params: { id }, body: propertyForm(fields, images, 'update') }, NO_FALLBACK),
    remove: (id: string) => request(property.remove, { params: { id } }, NO_FALLBACK),
    images: (id: string) => request(property.images, { params: { id } }),
    removeImage: (id: string, imageId: string) =>
      request(property.removeImage, { params: { id, imageId } }, NO_FALLBACK),
    externalCalendars: (id: string) => request(property.externalCalendars, { params: { id } }),
    addExternalCalendar: (id: string, link: PlatformLink) =>
      request(property.addExternalCalendar, { params: { id }, body: link }),
    removeExternalCalendar: (id: string, calendarId: string) =>
      request(property.removeExternalCalendar, { params: { id, calendarId } }),
    internalCalendar: (id: string) => request(property.internalCalendar, { params: { id } }),
    /** A new secret export link; the old one stops working. */
    rotateInternalCalendar: (id: string) => request(property.rotateInternalCalendar, { params: { id } }),
    /** A new secret availability link for one platform; its old one stops working. */
    rotatePlatformFeed: (id: string, platformName: string) =>
      request(property.rotatePlatformFeed, { params: { id, platformName } }),
    platforms: () => request(property.platforms),
    /** "I closed them": the host closed the nights at risk on that platform by hand. */
    acknowledgeAtRisk: (id: string, platformName: string) =>
      request(imports.acknowledge, { params: { id, platformName } }, NO_FALLBACK),
    /** Stays and blocks the host enters by hand (platform "Manual"); 404 unless the owner's. */
    stay: {
      create: (propertyId: string, body: ManualStayBody) =>
        request(stay.create, { params: { id: propertyId }, body }, NO_FALLBACK),
      update: (propertyId: string, stayId: string, changes: Partial<ManualStayBody>) =>
        request(stay.update, { params: { id: propertyId, stayId }, body: changes }, NO_FALLBACK),
      remove: (propertyId: string, stayId: string) =>
        request(stay.remove, { params: { id: propertyId, stayId } }, NO_FALLBACK),
    },
  },
  turnover: {
    /** The cleanings due in a window of days, by date then property (docs/product.md §3.9). */
    list: (query: TurnoverQuery) => request(turnover.list, { query }),
  },
}
