/**
 * Every screen's address, written once: the router, the menu, the first-screen preloads and the
 * answer to an expired session all read them here (docs/product.md §2.1).
 */
export const PATHS = {
  login: '/login',
  registration: '/registration',
  forgotPassword: '/forgot-password',
  // The mailed links' pages: the segment after them is a secret, which server/logging.ts hides.
  resetPassword: '/reset-password',
  cancelEmailChange: '/cancel-email-change',
  // A cleaner's page: the segment after it is its link's secret token.
  cleaner: '/cleaner',
  // The mailed link that confirms a cleaner's address: the segment after it is a secret.
  confirmCleanerEmail: '/confirm-cleaning-mail',
  // The mailed link to join a host's team: the segment after it is the invitation's secret.
  teamInvitation: '/team/invitation',
  dashboard: '/dashboard',
  settings: '/settings',
  properties: '/properties',
  integration: '/integration',
  calendar: '/calendar',
  turnovers: '/turnovers',
  guests: '/guests',
  users: '/users',
  logs: '/logs',
} as const

/** One host's properties as an admin manages them; the router matches it with `:userId`. */
export const userPropertiesPath = (userId: string) => `${PATHS.users}/${userId}${PATHS.properties}`

/** The screens a signed-out person may be on; a 401 there must not send them anywhere. */
export const PUBLIC_PATHS: readonly string[] = [
  PATHS.login,
  PATHS.registration,
  PATHS.forgotPassword,
  PATHS.resetPassword,
  PATHS.cancelEmailChange,
  PATHS.cleaner,
  PATHS.confirmCleanerEmail,
  PATHS.teamInvitation,
]

/** Whether `pathname` is a public screen or below one (a mailed link's token). */
export const isPublicPath = (pathname: string) =>
  PUBLIC_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`))
