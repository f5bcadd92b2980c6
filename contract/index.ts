import { z } from 'zod'
import { endpoints } from './endpoint.ts'
import { Exposure, PlatformCadence } from './imports.ts'
import {
  CleanerLink,
  CleanerLinkBody,
  CleanerLinkParams,
  CleanerSchedule,
  CleanerTokenParams,
  Turnover,
  TurnoverProperty,
  TurnoverQuery,
  ConfirmedCleanerEmail,
} from './turnover.ts'
import {
  AcceptedInvitation,
  TeamInvitation,
  TeamInvitationBody,
  TeamMember,
  TeamMemberParams,
  TeamRoleBody,
  TeamTokenParams,
} from './team.ts'
import { apiPaths, type Route } from './paths.ts'
import {
  CredentialsBody,
  EmailBody,
  LoginBody,
  MessageResponse,
  NewPasswordBody,
  RegisterBody,
  ResetParams,
} from './auth.ts'
import {
  CancelEmailChangeBody,
  CodeBody,
  NotificationsBody,
  NotificationsResponse,
  OwnNotificationsBody,
  OwnNotificationsResponse,
  OwnProfileUpdateBody,
  Profile,
  ProfileUpdateBody,
  ProfileUpdateResponse,
  TwofactorResponse,
  UserResponse,
} from './user.ts'
import {
  CalendarParams,
  ExternalCalendar,
  ExternalCalendarBody,
  ImageParams,
  InternalCalendar,
  Platform,
  PlatformFeed,
  PlatformParams,
  Property,
  PropertyImage,
  PropertyList,
  PropertyParams,
} from './property.ts'
import {
  AdminImageParams,
  AdminPropertyParams,
  LogPage,
  LogQuery,
  ManagedUser,
  ReasonBody,
  UserParams,
} from './admin.ts'
import { CalendarText, FeedParams, OwnerFeedQuery, OwnerStaysQuery } from './calendar.ts'
import { Guest } from './guest.ts'
import { listOrPage, optionalPageQuery } from './paging.ts'
import { HealthAnswer } from './health.ts'
import { Notification, NotificationParams } from './notification.ts'
import { TriggerResponse } from './sync.ts'
import {
  PushDevice,
  PushDeviceParams,
  PushKey,
  PushSubscriptionBody,
  PushSubscriptionCreated,
  PushTestResult,
} from './push.ts'
import {
  ManualStay,
  ManualStayBody,
  ManualStayPatch,
  StayParams,
  StayPropertyParams,
  StaySearchHit,
  StaySearchQuery,
} from './stay.ts'
import { DashboardStatistics, MonthlyStatistics, PeriodQuery, PeriodStatistics } from './statistics.ts'

/** The body of a property's POST and PATCH is multipart, read by the route itself, not by a schema. */
const multipartBody = { consumes: ['multipart/form-data'] }
const calendarText = ['text/calendar'] as const

/**
 * The API, one area a server slice: every endpoint's route and the zod schemas of what it takes
 * and answers. The server validates and serialises with these; the browser takes its types from
 * them (`import type`) and its URLs from `paths.ts`.
 */
export const contract = {
  auth: endpoints(apiPaths.auth, {
    sendRegistrationCode: { body: EmailBody, response: { 200: MessageResponse } },
    register: { body: RegisterBody, response: { 200: UserResponse } },
    login: { body: LoginBody, response: { 200: UserResponse } },
    sendLoginCode: { body: CredentialsBody, response: { 200: MessageResponse } },
    logout: { response: { 200: MessageResponse } },
    sendResetLink: { body: EmailBody, response: { 200: MessageResponse } },
    cancelEmailChange: { body: CancelEmailChangeBody, response: { 200: MessageResponse } },
    changePassword: { params: ResetParams, body: NewPasswordBody, response: { 200: MessageResponse } },
  }),
  user: endpoints(apiPaths.user, {
    profile: { response: { 200: Profile } },
    updateProfile: { body: OwnProfileUpdateBody, response: { 200: ProfileUpdateResponse } },
    deleteAccount: { response: { 200: MessageResponse } },
    confirmEmail: { body: CodeBody, response: { 200: Profile } },
    sendTwofactorCode: { response: { 200: MessageResponse } },
    toggleTwofactor: { body: CodeBody, response: { 200: TwofactorResponse } },
    setNotifications: { body: OwnNotificationsBody, response: { 200: OwnNotificationsResponse } },
  }),
  property: endpoints(apiPaths.property, {
    list: { querystring: optionalPageQuery, response: { 200: PropertyList } },
    platforms: { response: { 200: z.array(Platform) } },
    get: { params: PropertyParams, response: { 200: Property } },
    create: { ...multipartBody, response: { 201: Property } },
    update: { ...multipartBody, params: PropertyParams, response: { 200: Property } },
    remove: { params: PropertyParams },
    images: { params: PropertyParams, response: { 200: z.array(PropertyImage) } },
    removeImage: { params: ImageParams },
    externalCalendars: { params: PropertyParams, response: { 200: z.array(ExternalCalendar) } },
    addExternalCalendar: {
      params: PropertyParams,
      body: ExternalCalendarBody,
      response: { 200: ExternalCalendar },
    },
    removeExternalCalendar: { params: CalendarParams },
    internalCalendar: { params: PropertyParams, response: { 200: InternalCalendar } },
    rotatePlatformFeed: { params: PlatformParams, response: { 200: PlatformFeed } },
    rotateInternalCalendar: { params: PropertyParams, response: { 200: InternalCalendar } },
  }),
  stay: endpoints(apiPaths.stay, {
    search: { querystring: StaySearchQuery, response: { 200: z.array(StaySearchHit) } },
    create: { params: StayPropertyParams, body: ManualStayBody, response: { 201: ManualStay } },
    update: { params: StayParams, body: ManualStayPatch, response: { 200: ManualStay } },
    remove: { params: StayParams },
  }),
  statistics: endpoints(apiPaths.statistics, {
    dashboard: { querystring: PeriodQuery, response: { 200: DashboardStatistics } },
    monthly: { response: { 200: MonthlyStatistics } },
    property: { params: PropertyParams, response: { 200: PeriodStatistics } },
    period: { params: PropertyParams, querystring: PeriodQuery, response: { 200: PeriodStatistics } },
  }),
  admin: endpoints(apiPaths.admin, {
    users: { querystring: optionalPageQuery, response: { 200: listOrPage(ManagedUser) } },
    user: { params: UserParams, response: { 200: ManagedUser } },
    updateUser: { params: UserParams, body: ProfileUpdateBody, response: { 200: ManagedUser } },
    toggleNotifications: {
      params: UserParams,
      body: NotificationsBody,
      response: { 200: NotificationsResponse },
    },
    deactivateUser: { params: UserParams, body: ReasonBody, response: { 200: ManagedUser } },
    reactivateUser: { params: UserParams, body: ReasonBody, response: { 200: ManagedUser } },
    deleteUser: { params: UserParams, body: ReasonBody },
    userProperties: {
      params: UserParams,
      querystring: optionalPageQuery,
      response: { 200: PropertyList },
    },
    createUserProperty: { ...multipartBody, params: UserParams, response: { 201: Property } },
    updateProperty: { ...multipartBody, params: AdminPropertyParams, response: { 200: Property } },
    deleteProperty: { params: AdminPropertyParams },
    propertyImages: { params: AdminPropertyParams, response: { 200: z.array(PropertyImage) } },
    removeImage: { params: AdminImageParams },
    period: { params: AdminPropertyParams, querystring: PeriodQuery, response: { 200: PeriodStatistics } },
    externalCalendars: { params: AdminPropertyParams, response: { 200: z.array(ExternalCalendar) } },
    addExternalCalendar: {
      params: AdminPropertyParams,
      body: ExternalCalendarBody,
      response: { 200: ExternalCalendar },
    },
    internalCalendar: { params: AdminPropertyParams, response: { 200: InternalCalendar } },
    logs: { querystring: LogQuery, response: { 200: LogPage } },
  }),
  guest: endpoints(apiPaths.guest, {
    list: { querystring: optionalPageQuery, response: { 200: listOrPage(Guest) } },
  }),
  notification: endpoints(apiPaths.notification, {
    list: { response: { 200: z.array(Notification) } },
    markRead: { params: NotificationParams, response: { 200: Notification } },
    /** Server-sent events: `event: notification` with a `StreamNotification` as JSON. */
    stream: { hide: true },
  }),
  sync: endpoints(apiPaths.sync, {
    now: { response: { 200: TriggerResponse } },
  }),
  push: endpoints(apiPaths.push, {
    key: { response: { 200: PushKey } },
    subscribe: { body: PushSubscriptionBody, response: { 200: PushSubscriptionCreated } },
    devices: { response: { 200: z.array(PushDevice) } },
    unsubscribe: { params: PushDeviceParams },
    test: { response: { 200: PushTestResult } },
  }),
  imports: endpoints(apiPaths.imports, {
    exposure: { response: { 200: Exposure } },
    acknowledge: { params: PlatformParams, response: { 200: PlatformFeed } },
    platforms: { response: { 200: z.array(PlatformCadence) } },
  }),
  turnover: endpoints(apiPaths.turnover, {
    list: { querystring: TurnoverQuery, response: { 200: z.array(Turnover) } },
    properties: { response: { 200: z.array(TurnoverProperty) } },
    links: { response: { 200: z.array(CleanerLink) } },
    createLink: { body: CleanerLinkBody, response: { 201: CleanerLink } },
    removeLink: { params: CleanerLinkParams },
    rotateLink: { params: CleanerLinkParams, response: { 200: CleanerLink } },
    cleanerSchedule: { params: CleanerTokenParams, response: { 200: CleanerSchedule } },
    cleanerFeed: { params: FeedParams, produces: calendarText, response: { 200: CalendarText } },
    confirmEmail: { params: CleanerTokenParams, response: { 200: ConfirmedCleanerEmail } },
  }),
  team: endpoints(apiPaths.team, {
    list: { params: PropertyParams, response: { 200: z.array(TeamMember) } },
    invite: { params: PropertyParams, body: TeamInvitationBody, response: { 201: TeamInvitation } },
    update: { params: TeamMemberParams, body: TeamRoleBody, response: { 200: TeamMember } },
    remove: { params: TeamMemberParams },
    resend: { params: TeamMemberParams, response: { 200: TeamMember } },
    accept: { params: TeamTokenParams, response: { 200: AcceptedInvitation } },
  }),
  calendar: endpoints(apiPaths.calendar, {
    exportFeed: { params: FeedParams, produces: calendarText, response: { 200: CalendarText } },
    ownerFeed: { querystring: OwnerFeedQuery, produces: calendarText, response: { 200: CalendarText } },
    ownerStays: { querystring: OwnerStaysQuery, produces: calendarText, response: { 200: CalendarText } },
  }),
  health: endpoints(apiPaths.health, {
    check: { response: { 200: HealthAnswer } },
  }),
  metrics: endpoints(apiPaths.metrics, {
    /** Prometheus text, for the operator's scraper only. */
    scrape: { hide: true },
  }),
  docs: endpoints(apiPaths.docs, {
    /** This API described as OpenAPI, made from these schemas. */
    openApi: { hide: true },
  }),
} satisfies { [Area in keyof typeof apiPaths]: unknown }

type Contract = typeof contract
/** Every endpoint of the API. */
export type AnyEndpoint = { [Area in keyof Contract]: Contract[Area][keyof Contract[Area]] }[keyof Contract]
/** The endpoint at a route of `apiPaths`. */
export type EndpointAt<R extends Route> = Extract<AnyEndpoint, { method: R['method']; url: R['url'] }>

export type { BodyOf, QueryOf, ResponseOf } from './endpoint.ts'
