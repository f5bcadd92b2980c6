import type { Profile, ProfileUpdateResponse } from '../../contract/user.ts'
import type { DateRange } from '../domain/dateRange.ts'
import type {
  ExternalCalendar,
  InternalCalendar,
  Platform,
  PlatformFeed,
  Property,
  PropertyImage,
  PropertyStatus,
} from '../../contract/property.ts'
import type {
  DashboardStatistics as DashboardStatisticsShape,
  MonthlyStatistics,
  PeriodStatistics as PeriodStatisticsShape,
} from '../../contract/statistics.ts'
import type { LogEntry, LogPage, ManagedUser } from '../../contract/admin.ts'
import type { Guest as GuestShape } from '../../contract/guest.ts'
import type { StaySearchHit } from '../../contract/stay.ts'
import type {
  NoticeStay,
  Notification as NotificationShape,
  NotificationData,
} from '../../contract/notification.ts'
import type { z } from 'zod'
import type { ManualStay, ManualStayBody } from '../domain/manualStays.ts'
import type { PlatformLink } from '../domain/platformSelection.ts'
import type { PropertyFields } from '../domain/property.ts'
import { request } from './http.ts'

export type {
  ExternalCalendar,
  InternalCalendar,
  LogEntry,
  LogPage,
  ManagedUser,
  ManualStay,
  Profile,
  Property,
  PropertyImage,
  PropertyStatus,
  StaySearchHit,
}
export type PlatformOption = z.infer<typeof Platform>

/**
 * SPEC 3's multipart payload: optional fields only when present (the server reads an absent one
 * as empty), the photos last as repeated `images`. `externalCalendars` replaces the property's
 * set, so an update always sends it and a creation only when there are links.
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
  if (purpose === 'update' || fields.externalCalendars.length > 0)
    form.set('externalCalendars', JSON.stringify(fields.externalCalendars))
  for (const image of images) form.append('images', image)
  return form
}

// No fallback text for changes: a failure without the server's message shows the action's own
// localised text ("Error updating property"), not an English "Unexpected error".
const NO_FALLBACK = ''

/** SPEC 3: the dashboard's five figures; rates and differences are percentages (0–100). */
export type DashboardStatistics = z.infer<typeof DashboardStatisticsShape>
export type MonthlyFigures = z.infer<typeof MonthlyStatistics>[number]
/** DESIGN 5: one property's figures for a window of nights. */
export type PeriodStatistics = z.infer<typeof PeriodStatisticsShape>
export type { DateRange }
/** A new `email` needs `currentPassword` too (issue 14). */
export type ProfileChanges = Pick<Profile, 'name' | 'phone' | 'email' | 'residentalAddress'> & {
  currentPassword?: string
}
/** PATCH /user/profile: the saved profile; `pendingEmail` is a new address awaiting its mailed code. */
export type ProfileUpdate = z.infer<typeof ProfileUpdateResponse>
type Message = { message: string }
export type Guest = z.infer<typeof GuestShape>

/**
 * SPEC 3, DESIGN 5 and issue 13: a stored notification. `data.kind` says what changed (absent on
 * older ones, which announced new bookings), `data.ical` holds the stays concerned, and `stay`,
 * `previous`, `other` and `nights` say the rest.
 */
export type AppNotification = NotificationShape
export type { NoticeStay, NotificationData }
export type NoticeKind = NonNullable<NotificationData['kind']>

const query = (params: Record<string, string | number | undefined>) => {
  const defined = Object.entries(params).filter(
    (entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== '',
  )
  return defined.length ? `?${new URLSearchParams(defined.map(([key, value]) => [key, String(value)]))}` : ''
}

/** Every API call of the app, by area; each returns the response data or throws ApiError. */
export const api = {
  auth: {
    login: (body: { email: string; password: string; tfaCode?: number }) =>
      request<{ user: Profile }>('post', '/auth/login', body, NO_FALLBACK),
    sendLoginCode: (body: { email: string; password: string }) =>
      request<Message>('post', '/auth/tfa/send-code', body, NO_FALLBACK),
    logout: () => request<Message>('post', '/auth/logout'),
    sendRegistrationCode: (body: { email: string }) =>
      request<Message>('post', '/auth/register/send-code', body, NO_FALLBACK),
    register: (body: { email: string; password: string; code: string }) =>
      request<{ user: Profile }>('post', '/auth/register', body, NO_FALLBACK),
    sendResetLink: (body: { email: string }) =>
      request<Message>('post', '/auth/forgot-password/send-link', body, NO_FALLBACK),
    changePassword: (token: string, body: { password: string }) =>
      request<Message>(
        'post',
        `/auth/forgot-password/change/${encodeURIComponent(token)}`,
        body,
        NO_FALLBACK,
      ),
    /** Issue 14: the old address's link takes an e-mail change back and signs every session out. */
    cancelEmailChange: (token: string) =>
      request<Message>('post', '/auth/email-change/cancel', { token }, NO_FALLBACK),
  },
  user: {
    profile: () => request<Profile>('get', '/user/profile'),
    updateProfile: (changes: ProfileChanges) =>
      request<ProfileUpdate>('patch', '/user/profile', changes, NO_FALLBACK),
    /** Confirms a new e-mail address with the code mailed to it; the code travels as a number. */
    confirmEmail: (code: number) => request<Profile>('post', '/user/email/confirm', { code }, NO_FALLBACK),
    deleteAccount: () => request<Message>('delete', '/user/profile', undefined, NO_FALLBACK),
    sendTwofactorCode: () => request<Message>('post', '/user/tfa/send-code', undefined, NO_FALLBACK),
    toggleTwofactor: (code: number) =>
      request<{ twofactorMode: boolean; message: string }>('post', '/user/tfa/toggle', { code }, NO_FALLBACK),
    setNotifications: (enabled: boolean) =>
      request<{ enabled: boolean }>('post', '/user/toggle-notifications', { enabled }, NO_FALLBACK),
  },
  statistics: {
    dashboard: (range: DateRange) =>
      request<DashboardStatistics>('get', `/dashboard/statistics${query(range)}`),
    monthly: () => request<MonthlyFigures[]>('get', '/dashboard/statistics/monthly'),
    ownPeriod: (propertyId: string, range: DateRange) =>
      request<PeriodStatistics>('get', `/property/${propertyId}/statistics/period${query(range)}`),
    adminPeriod: (propertyId: string, range: DateRange) =>
      request<PeriodStatistics>('get', `/admin/property/${propertyId}/statistics/period${query(range)}`),
  },
  admin: {
    users: () => request<ManagedUser[]>('get', '/admin/user/list'),
    updateUser: (userId: string, changes: ProfileChanges) =>
      request<ManagedUser>('patch', `/admin/user/${userId}`, changes),
    toggleNotifications: (userId: string, enabled: boolean) =>
      request<{ enabled: boolean }>('post', `/admin/user/${userId}/toggle-notifications`, { enabled }),
    deactivateUser: (userId: string, reason: string) =>
      request<unknown>('post', `/admin/user/${userId}/deactivate`, { reason }),
    reactivateUser: (userId: string, reason: string) =>
      request<unknown>('post', `/admin/user/${userId}/reactivate`, { reason }),
    deleteUser: (userId: string, reason: string) =>
      request<unknown>('post', `/admin/user/${userId}/delete`, { reason }),
    logs: (params: { kind?: string; page: number; pageSize: number }) =>
      request<LogPage>('get', `/admin/log/list${query(params)}`),
    userProperties: (userId: string) => request<Property[]>('get', `/admin/user/${userId}/property/list`),
    createUserProperty: (userId: string, fields: PropertyFields, images: File[]) =>
      request<Property>(
        'post',
        `/admin/user/${userId}/property`,
        propertyForm(fields, images, 'create'),
        NO_FALLBACK,
      ),
    updateProperty: (id: string, fields: PropertyFields, images: File[]) =>
      request<Property>(
        'patch',
        `/admin/property/${id}`,
        propertyForm(fields, images, 'update'),
        NO_FALLBACK,
      ),
    deleteProperty: (id: string) =>
      request<unknown>('delete', `/admin/property/${id}`, undefined, NO_FALLBACK),
    propertyImages: (id: string) => request<PropertyImage[]>('get', `/admin/property/${id}/image/list`),
    removeImage: (id: string, imageId: string) =>
      request<unknown>('delete', `/admin/property/${id}/image/${imageId}`, undefined, NO_FALLBACK),
    externalCalendars: (id: string) =>
      request<ExternalCalendar[]>('get', `/admin/property/${id}/calendar/external`),
    addExternalCalendar: (id: string, link: PlatformLink) =>
      request<ExternalCalendar>('post', `/admin/property/${id}/calendar/external`, link),
    internalCalendar: (id: string) =>
      request<InternalCalendar>('get', `/admin/property/${id}/calendar/internal`),
  },
  guest: {
    list: () => request<Guest[]>('get', '/guest/list'),
  },
  /** The owner's stays across properties by guest, reservation code or phone's last 4 digits. */
  stay: {
    search: (text: string) => request<StaySearchHit[]>('get', `/stay/search${query({ q: text })}`),
  },
  notification: {
    list: () => request<AppNotification[]>('get', '/notification/list'),
    markRead: (id: string) => request<unknown>('post', `/notification/${id}/read`),
    trigger: () =>
      request<{ message: string; synced: number; failed: number }>('post', '/notification/trigger'),
  },
  property: {
    list: () => request<Property[]>('get', '/property/list'),
    get: (id: string) => request<Property>('get', `/property/${id}`),
    create: (fields: PropertyFields, images: File[]) =>
      request<Property>('post', '/property', propertyForm(fields, images, 'create'), NO_FALLBACK),
    update: (id: string, fields: PropertyFields, images: File[]) =>
      request<Property>('patch', `/property/${id}`, propertyForm(fields, images, 'update'), NO_FALLBACK),
    remove: (id: string) => request<unknown>('delete', `/property/${id}`, undefined, NO_FALLBACK),
    images: (id: string) => request<PropertyImage[]>('get', `/property/${id}/image/list`),
    removeImage: (id: string, imageId: string) =>
      request<unknown>('delete', `/property/${id}/image/${imageId}`, undefined, NO_FALLBACK),
    externalCalendars: (id: string) =>
      request<ExternalCalendar[]>('get', `/property/${id}/calendar/external`),
    addExternalCalendar: (id: string, link: PlatformLink) =>
      request<ExternalCalendar>('post', `/property/${id}/calendar/external`, link),
    removeExternalCalendar: (id: string, calendarId: string) =>
      request<unknown>('delete', `/property/${id}/calendar/external/${calendarId}`),
    internalCalendar: (id: string) => request<InternalCalendar>('get', `/property/${id}/calendar/internal`),
    /** A new secret export link; the old one stops working. */
    rotateInternalCalendar: (id: string) =>
      request<InternalCalendar>('post', `/property/${id}/calendar/internal/rotate`),
    /** A new secret availability link for one platform; its old one stops working. */
    rotatePlatformFeed: (id: string, platformName: string) =>
      request<PlatformFeed>(
        'post',
        `/property/${id}/calendar/platform/${encodeURIComponent(platformName)}/rotate`,
      ),
    platforms: () => request<PlatformOption[]>('get', '/property/platform/list'),
    /** Issue 13: stays and blocks the host enters by hand (platform "Manual"); 404 unless the owner's. */
    stay: {
      create: (propertyId: string, body: ManualStayBody) =>
        request<ManualStay>('post', `/property/${propertyId}/stay`, body, NO_FALLBACK),
      update: (propertyId: string, stayId: string, changes: Partial<ManualStayBody>) =>
        request<ManualStay>(
          'patch',
          `/property/${propertyId}/stay/${encodeURIComponent(stayId)}`,
          changes,
          NO_FALLBACK,
        ),
      remove: (propertyId: string, stayId: string) =>
        request<unknown>(
          'delete',
          `/property/${propertyId}/stay/${encodeURIComponent(stayId)}`,
          undefined,
          NO_FALLBACK,
        ),
    },
  },
}
