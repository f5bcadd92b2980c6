/**
 * The screens a page may open on, the modules each needs before it can paint and the
 * calls it makes first — read by the build (scripts/viteFirstScreen.ts, to preload them) and by
 * `bench:bundle` (to weigh them). Paths are regular expressions' sources, matched against the
 * location's path.
 */
import { apiPaths } from '../contract/paths.ts'
import { API_BASE } from '../src/actors/http.ts'
import { FEED_WINDOW, THIS_MONTH } from '../src/boot/firstScreen.ts'
import { stayListPath } from '../src/features/calendar/feedPaths.ts'
import { PAGE_SIZES } from '../src/domain/pageSizes.ts'
import { PATHS } from '../src/domain/paths.ts'

/** The path itself, with or without a closing slash. */
const exactly = (path: string) => `^${path}/?$`
/** The path and what is below it (a mailed link's token). */
const orBelow = (path: string) => `^${path}(/|$)`

export const SIGNED_IN_FRAME = [
  'src/frame/SignedInApp.tsx',
  'src/frame/AppShell.tsx',
  'src/features/notifications/notifications.ts',
]

/**
 * `requests`: the API calls (GET, full paths) a signed-in screen makes before it can show its
 * figures, which index.html sends beside the code (src/boot/earlyResponses.ts).
 */
export type FirstScreen = {
  /** The screen's own address, which the build's prerender opens. */
  name: string
  path: string
  signedIn: boolean
  /** Its markup written into index.html by the build (scripts/vitePrerender.ts). */
  prerendered: boolean
  modules: string[]
  requests: string[]
}

const PROFILE_REQUEST = `${API_BASE}${apiPaths.user.profile.url}`
const PROPERTIES_REQUEST = `${API_BASE}${apiPaths.property.list.url}`
/** The grid's first page, as src/routes/properties/PropertiesRoute.tsx asks for it with no search. */
const PROPERTY_PAGE_REQUEST = `${PROPERTIES_REQUEST}?page=1&pageSize=${PAGE_SIZES.properties}`
const MONTHLY_REQUEST = `${API_BASE}${apiPaths.statistics.monthly.url}`
const THIS_MONTH_STATISTICS_REQUEST = `${API_BASE}${apiPaths.statistics.dashboard.url}?${THIS_MONTH}`
const FEED_REQUEST = `${API_BASE}${apiPaths.calendar.ownerFeed.url}?${FEED_WINDOW}`
/** The first pages of the stay lists, which the calendar screens show beside their month. */
const STAY_LIST_REQUESTS = [stayListPath('current'), stayListPath('upcoming')]
const TURNOVER_PROPERTIES_REQUEST = `${API_BASE}${apiPaths.turnover.properties.url}`

const publicScreen = (name: string, path: string, module: string, prerendered = false): FirstScreen => ({
  name,
  path,
  signedIn: false,
  prerendered,
  modules: [module],
  requests: [],
})
const signedInScreen = (
  name: string,
  path: string,
  { modules, requests }: { modules: string[]; requests: string[] },
): FirstScreen => ({
  name,
  path,
  signedIn: true,
  prerendered: false,
  modules: [...SIGNED_IN_FRAME, ...modules],
  requests: [PROFILE_REQUEST, ...requests],
})

export const FIRST_SCREENS: FirstScreen[] = [
  // Where a host lands whenever a session has ended: its markup comes with the page.
  publicScreen(PATHS.login, exactly(PATHS.login), 'src/routes/auth/LoginRoute.tsx', true),
  publicScreen(PATHS.registration, exactly(PATHS.registration), 'src/routes/auth/RegistrationRoute.tsx'),
  publicScreen(
    PATHS.forgotPassword,
    exactly(PATHS.forgotPassword),
    'src/routes/auth/ForgotPasswordRoute.tsx',
  ),
  publicScreen(PATHS.resetPassword, orBelow(PATHS.resetPassword), 'src/routes/auth/ResetPasswordRoute.tsx'),
  publicScreen(
    PATHS.cancelEmailChange,
    orBelow(PATHS.cancelEmailChange),
    'src/routes/auth/CancelEmailChangeRoute.tsx',
  ),
  publicScreen(PATHS.cleaner, orBelow(PATHS.cleaner), 'src/routes/cleaning/CleanerScheduleRoute.tsx'),
  publicScreen(
    PATHS.confirmCleanerEmail,
    orBelow(PATHS.confirmCleanerEmail),
    'src/routes/cleaning/ConfirmCleanerEmailRoute.tsx',
  ),
  publicScreen(
    PATHS.teamInvitation,
    orBelow(PATHS.teamInvitation),
    'src/routes/team/AcceptInvitationRoute.tsx',
  ),
  // `/` is the dashboard too. Its month and stay lists, under the figures, wait for this month's
  // window of the feed of every property and the lists' first pages: asked for here, their
  // download overlaps the code's rather than starting once the dashboard has rendered; their
  // reader's code stays out of the first screen's weight and comes when the lists are drawn.
  signedInScreen(PATHS.dashboard, `^/$|${exactly(PATHS.dashboard)}`, {
    modules: ['src/routes/dashboard/DashboardRoute.tsx'],
    requests: [
      THIS_MONTH_STATISTICS_REQUEST,
      MONTHLY_REQUEST,
      PROPERTIES_REQUEST,
      FEED_REQUEST,
      ...STAY_LIST_REQUESTS,
    ],
  }),
  signedInScreen(PATHS.properties, exactly(PATHS.properties), {
    modules: ['src/routes/properties/PropertiesRoute.tsx'],
    requests: [PROPERTY_PAGE_REQUEST],
  }),
  signedInScreen(PATHS.calendar, exactly(PATHS.calendar), {
    modules: ['src/routes/calendar/CalendarRoute.tsx', 'src/features/calendar/calendarFeed.ts'],
    requests: [PROPERTIES_REQUEST, FEED_REQUEST, ...STAY_LIST_REQUESTS],
  }),
  signedInScreen(PATHS.turnovers, exactly(PATHS.turnovers), {
    modules: ['src/routes/turnovers/TurnoversRoute.tsx'],
    requests: [TURNOVER_PROPERTIES_REQUEST],
  }),
  signedInScreen(PATHS.integration, exactly(PATHS.integration), {
    modules: ['src/routes/integration/IntegrationRoute.tsx'],
    requests: [PROPERTIES_REQUEST],
  }),
]

/** The words every page needs, and those behind sign-in (src/domain/localeParts.ts). */
export const wordsModule = (language: string, part: 'public' | 'signedIn') =>
  `virtual:locale/${language}/${part}`

/**
 * The font files (their names before the build's hash) each language's text is drawn with:
 * Latin letters and digits in Inter, Arabic in Noto Sans Arabic, both cut by scripts/fonts.ts.
 */
export const FONTS: Record<string, string[]> = {
  en: ['inter-latin'],
  ar: ['inter-latin', 'noto-sans-arabic-core'],
}

/** A built font file's name without its folder and the build's hash ("inter-latin"). */
export const fontName = (file: string) => file.replace(/^.*\//, '').replace(/-[\w-]{8}\.woff2$/, '')
