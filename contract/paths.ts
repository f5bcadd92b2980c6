/**
 * Where every endpoint of the API answers, under `/api`: its method and URL pattern, a `:name`
 * segment being a path parameter. The server registers its routes from these and the browser
 * builds its URLs from them. This file holds no schema and imports nothing, so the browser can
 * load it without zod; each area's schemas are bound to these routes in `contract/<area>.ts`.
 */

/** Where the API answers: every route's `url` is under it. */
export const API_PREFIX = '/api'

export type Method = 'get' | 'post' | 'patch' | 'delete'
/**
 * `public` routes answer without a session: health, the API's description, metrics (which answer
 * only their own token), signing up and in, the e-mailed links, and the calendar feeds (addressed
 * by their secret token). Every other route answers 401 to a request without one.
 */
export type Route = { readonly method: Method; readonly url: string; readonly public?: true }

export const apiPaths = {
  auth: {
    sendRegistrationCode: { method: 'post', url: '/auth/register/send-code', public: true },
    register: { method: 'post', url: '/auth/register', public: true },
    login: { method: 'post', url: '/auth/login', public: true },
    sendLoginCode: { method: 'post', url: '/auth/tfa/send-code', public: true },
    logout: { method: 'post', url: '/auth/logout', public: true },
    sendResetLink: { method: 'post', url: '/auth/forgot-password/send-link', public: true },
    cancelEmailChange: { method: 'post', url: '/auth/email-change/cancel', public: true },
    changePassword: { method: 'post', url: '/auth/forgot-password/change/:token', public: true },
  },
  user: {
    profile: { method: 'get', url: '/user/profile' },
    updateProfile: { method: 'patch', url: '/user/profile' },
    deleteAccount: { method: 'delete', url: '/user/profile' },
    confirmEmail: { method: 'post', url: '/user/email/confirm' },
    sendTwofactorCode: { method: 'post', url: '/user/tfa/send-code' },
    toggleTwofactor: { method: 'post', url: '/user/tfa/toggle' },
    setNotifications: { method: 'post', url: '/user/toggle-notifications' },
  },
  property: {
    list: { method: 'get', url: '/property/list' },
    platforms: { method: 'get', url: '/property/platform/list' },
    get: { method: 'get', url: '/property/:id' },
    create: { method: 'post', url: '/property' },
    update: { method: 'patch', url: '/property/:id' },
    remove: { method: 'delete', url: '/property/:id' },
    images: { method: 'get', url: '/property/:id/image/list' },
    removeImage: { method: 'delete', url: '/property/:id/image/:imageId' },
    externalCalendars: { method: 'get', url: '/property/:id/calendar/external' },
    addExternalCalendar: { method: 'post', url: '/property/:id/calendar/external' },
    removeExternalCalendar: { method: 'delete', url: '/property/:id/calendar/external/:calendarId' },
    internalCalendar: { method: 'get', url: '/property/:id/calendar/internal' },
    rotatePlatformFeed: { method: 'post', url: '/property/:id/calendar/platform/:platformName/rotate' },
    rotateInternalCalendar: { method: 'post', url: '/property/:id/calendar/internal/rotate' },
  },
  stay: {
    search: { method: 'get', url: '/stay/search' },
    create: { method: 'post', url: '/property/:id/stay' },
    update: { method: 'patch', url: '/property/:id/stay/:stayId' },
    remove: { method: 'delete', url: '/property/:id/stay/:stayId' },
  },
  statistics: {
    dashboard: { method: 'get', url: '/dashboard/statistics' },
    monthly: { method: 'get', url: '/dashboard/statistics/monthly' },
    property: { method: 'get', url: '/property/:id/statistics' },
    period: { method: 'get', url: '/property/:id/statistics/period' },
  },
  admin: {
    users: { method: 'get', url: '/admin/user/list' },
    user: { method: 'get', url: '/admin/user/:userId' },
    updateUser: { method: 'patch', url: '/admin/user/:userId' },
    toggleNotifications: { method: 'post', url: '/admin/user/:userId/toggle-notifications' },
    deactivateUser: { method: 'post', url: '/admin/user/:userId/deactivate' },
    reactivateUser: { method: 'post', url: '/admin/user/:userId/reactivate' },
    deleteUser: { method: 'post', url: '/admin/user/:userId/delete' },
    userProperties: { method: 'get', url: '/admin/user/:userId/property/list' },
    createUserProperty: { method: 'post', url: '/admin/user/:userId/property' },
    updateProperty: { method: 'patch', url: '/admin/property/:propertyId' },
    deleteProperty: { method: 'delete', url: '/admin/property/:propertyId' },
    propertyImages: { method: 'get', url: '/admin/property/:propertyId/image/list' },
    removeImage: { method: 'delete', url: '/admin/property/:propertyId/image/:imageId' },
    period: { method: 'get', url: '/admin/property/:propertyId/statistics/period' },
    externalCalendars: { method: 'get', url: '/admin/property/:propertyId/calendar/external' },
    addExternalCalendar: { method: 'post', url: '/admin/property/:propertyId/calendar/external' },
    internalCalendar: { method: 'get', url: '/admin/property/:propertyId/calendar/internal' },
    logs: { method: 'get', url: '/admin/log/list' },
  },
  guest: {
    list: { method: 'get', url: '/guest/list' },
  },
  notification: {
    list: { method: 'get', url: '/notification/list' },
    markRead: { method: 'post', url: '/notification/:id/read' },
    stream: { method: 'get', url: '/notification/sse' },
  },
  sync: {
    now: { method: 'post', url: '/notification/trigger' },
  },
  push: {
    key: { method: 'get', url: '/push/key' },
    subscribe: { method: 'post', url: '/push/subscription' },
    devices: { method: 'get', url: '/push/subscription' },
    unsubscribe: { method: 'delete', url: '/push/subscription/:id' },
    test: { method: 'post', url: '/push/test' },
  },
  imports: {
    exposure: { method: 'get', url: '/exposure' },
    acknowledge: { method: 'post', url: '/property/:id/calendar/platform/:platformName/acknowledge' },
    /** Admins only: each platform's measured import interval across accounts. */
    platforms: { method: 'get', url: '/admin/imports' },
  },
  turnover: {
    list: { method: 'get', url: '/turnover/list' },
    properties: { method: 'get', url: '/turnover/property' },
    links: { method: 'get', url: '/turnover/link' },
    createLink: { method: 'post', url: '/turnover/link' },
    removeLink: { method: 'delete', url: '/turnover/link/:id' },
    rotateLink: { method: 'post', url: '/turnover/link/:id/rotate' },
    /** A cleaner's page and feed, addressed by their link's secret token. */
    cleanerSchedule: { method: 'get', url: '/cleaning/schedule/:token', public: true },
    cleanerFeed: { method: 'get', url: '/cleaning/feed/:file', public: true },
    /** The address's owner agrees to a link's change mails, by the mailed link's secret. */
    confirmEmail: { method: 'post', url: '/cleaning/confirm/:token', public: true },
  },
  team: {
    list: { method: 'get', url: '/property/:id/team' },
    invite: { method: 'post', url: '/property/:id/team' },
    update: { method: 'patch', url: '/property/:id/team/:memberId' },
    remove: { method: 'delete', url: '/property/:id/team/:memberId' },
    resend: { method: 'post', url: '/property/:id/team/:memberId/resend' },
    /** The invited account takes the invitation, by the mailed link's secret. */
    accept: { method: 'post', url: '/team/invitation/:token/accept' },
  },
  calendar: {
    exportFeed: { method: 'get', url: '/calendar/:file', public: true },
    ownerFeed: { method: 'get', url: '/property/calendar' },
    ownerStays: { method: 'get', url: '/property/calendar/stays' },
  },
  health: {
    check: { method: 'get', url: '/health', public: true },
  },
  metrics: {
    scrape: { method: 'get', url: '/metrics', public: true },
  },
  docs: {
    openApi: { method: 'get', url: '/docs', public: true },
  },
} as const satisfies Record<string, Record<string, Route>>

type ParamNames<Url extends string> = Url extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Url extends `${string}:${infer Name}`
    ? Name
    : never

/** The values of a URL pattern's parameters: `{ id, stayId }` for `/property/:id/stay/:stayId`. */
export type ParamsOf<Url extends string> = { [Name in ParamNames<Url>]: string }

/** A route as Fastify names it once registered: `POST /api/auth/login`. */
export const routeKey = (route: Route): string => `${route.method.toUpperCase()} ${API_PREFIX}${route.url}`

/** The URL of a route for these parameters, each encoded as one path segment. */
export const pathOf = <Url extends string>(url: Url, params: ParamsOf<Url>): string =>
  url.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent((params as Record<string, string>)[name] ?? ''),
  )
