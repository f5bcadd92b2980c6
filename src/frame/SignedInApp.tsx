import { Suspense, type ComponentType, type ReactNode } from 'react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { matchRoute, Redirect, Route, Switch, useLocation } from 'wouter'
import { parse } from 'regexparam'
import { hasEarlyResponses } from '../boot/earlyResponses.ts'
import { NeedsWords, useI18n } from '../i18n.tsx'
import { ComingUpdate } from '../ui/common/ComingUpdate.tsx'
import { EmptyState } from '../ui/common/EmptyState.tsx'
import { FullPageSpinner, Spinner } from '../ui/common/Spinner.tsx'
import { RedirectIfSignedIn as RedirectWithProfile, SignedIn } from './guards.tsx'
import { PATHS, userPropertiesPath } from '../domain/paths.ts'
import { homePathOf, isCleanerPath } from '../domain/navigation.ts'
import { AppShell } from './AppShell.tsx'
import { preloadable, type Preloadable } from '../common/preloadable.tsx'
import { useNotificationStream } from '../features/notifications/notifications.ts'
import { profileQuery, useProfile } from './session.ts'

/**
 * Everything behind sign-in is this chunk and the ones it loads — react-query, the
 * signed-in frame, the screens, the rest of the words — so the sign-in pages never download it.
 */

function NotificationStream() {
  useNotificationStream()
  return null
}

/** A screen's chunk; `prefetchData` asks for what it shows first, before it renders. */
type ScreenModule = {
  default: ComponentType<object>
  prefetchData?: (queryClient: QueryClient, search: URLSearchParams) => void
}
const screen = (load: () => Promise<ScreenModule>) => preloadable<object, ScreenModule>(load)

// Each screen is its own chunk, loaded when first visited.
const DashboardRoute = screen(() => import('../routes/dashboard/DashboardRoute.tsx'))
const PropertiesRoute = screen(() => import('../routes/properties/PropertiesRoute.tsx'))
const CalendarRoute = screen(() => import('../routes/calendar/CalendarRoute.tsx'))
const TurnoversRoute = screen(() => import('../routes/turnovers/TurnoversRoute.tsx'))
const IntegrationRoute = screen(() => import('../routes/integration/IntegrationRoute.tsx'))
const GuestsRoute = screen(() => import('../routes/admin/GuestsRoute.tsx'))
const UsersRoute = screen(() => import('../routes/users/UsersRoute.tsx'))
const UserPropertiesRoute = screen(() => import('../routes/users/UserPropertiesRoute.tsx'))
const LogsRoute = screen(() => import('../routes/admin/LogsRoute.tsx'))

/** A signed-in screen of its own chunk; an admin screen shows "not allowed" to anyone else. */
type Screen = { paths: string[]; component: Preloadable<object, ScreenModule>; adminOnly?: boolean }

const SCREENS: Screen[] = [
  // The settings have an address of their own: the account's home screen, with the settings open
  // over it (a cleaner's is Turnovers; SignedInScreen picks it).
  { paths: ['/', PATHS.dashboard, PATHS.settings], component: DashboardRoute },
  { paths: [PATHS.properties], component: PropertiesRoute },
  { paths: [PATHS.calendar], component: CalendarRoute },
  { paths: [PATHS.turnovers], component: TurnoversRoute },
  { paths: [PATHS.integration], component: IntegrationRoute },
  { paths: [PATHS.guests], component: GuestsRoute, adminOnly: true },
  { paths: [PATHS.users], component: UsersRoute, adminOnly: true },
  { paths: [userPropertiesPath(':userId')], component: UserPropertiesRoute, adminOnly: true },
  { paths: [PATHS.logs], component: LogsRoute, adminOnly: true },
]

const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } })

/**
 * How long the first render waits for a profile index.html asked for beside the code: it has
 * usually answered by the time the code has run, and a screen drawn at once beats a spinner drawn
 * for the blink before it; a slow one shows the spinner meanwhile, as it always did.
 */
const EARLY_PROFILE_WAIT_MS = 500

/**
 * A signed-in first screen — its frame, its screen, the profile and the screen's first
 * data — asked for before the app first renders (src/main.tsx), so that the frame and the screen
 * draw as soon as the profile answers and fill in as soon as their data does, rather than one
 * step after another. The calls index.html already sent are taken, not sent again
 * (src/boot/earlyResponses.ts).
 */
export function preloadSignedIn(pathname: string, search: string): Promise<unknown> {
  const profileOnItsWay = hasEarlyResponses()
  const profile = queryClient.prefetchQuery(profileQuery)
  const first = SCREENS.find(({ paths }) => paths.some((path) => matchRoute(parse, path, pathname)[0]))
  return Promise.all([
    first?.component
      .preload()
      .then((module) => module.prefetchData?.(queryClient, new URLSearchParams(search))),
    profileOnItsWay &&
      Promise.race([profile, new Promise((resolve) => setTimeout(resolve, EARLY_PROFILE_WAIT_MS))]),
  ])
}

/** react-query and every word, around any signed-in part of the page; `fallback` while the words load. */
function SignedInProviders({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <NeedsWords part="signedIn" fallback={fallback}>
        {children}
      </NeedsWords>
    </QueryClientProvider>
  )
}

function PageLoading() {
  const { t } = useI18n()
  return <FullPageSpinner label={t('app.loading')} />
}

/** A host's screen; under the settings' own address, a cleaner's home screen instead of the dashboard. */
function ScreenOf({
  screen,
  workspace,
  location,
}: {
  screen: Screen
  workspace?: 'host' | 'cleaner'
  location: string
}) {
  const Component = workspace === 'cleaner' && location === PATHS.settings ? TurnoversRoute : screen.component
  return <Component />
}

function SignedInScreen({ screen }: { screen: Screen }) {
  const { t } = useI18n()
  const [location] = useLocation()
  return (
    <SignedIn>
      {(profile) =>
        // A cleaner's account has no host screens: they land on Turnovers (docs/product.md §2.25).
        profile.workspace === 'cleaner' && !screen.adminOnly && !isCleanerPath(location) ? (
          <Redirect to={homePathOf(profile.workspace)} replace />
        ) : (
          <Suspense fallback={<PageLoading />}>
            <AppShell profile={profile}>
              {screen.adminOnly && !profile.isAdmin ? (
                <EmptyState text={t('app.notAllowed')} />
              ) : (
                <Suspense fallback={<Spinner label={t('app.loading')} className="m-8" />}>
                  {screen.adminOnly ? (
                    <NeedsWords part="admin" fallback={<Spinner label={t('app.loading')} className="m-8" />}>
                      <screen.component />
                    </NeedsWords>
                  ) : (
                    <ScreenOf screen={screen} workspace={profile.workspace} location={location} />
                  )}
                </Suspense>
              )}
            </AppShell>
          </Suspense>
        )
      }
    </SignedIn>
  )
}

/** Any other path: "coming update...", inside the shell for a signed-in person. */
function OtherPath() {
  const profile = useProfile({ onlyWithSession: true })
  if (profile.data) {
    return (
      <Suspense fallback={<PageLoading />}>
        <AppShell profile={profile.data}>
          <ComingUpdate />
        </AppShell>
      </Suspense>
    )
  }
  return <ComingUpdate />
}

/** Every signed-in path, and "coming update..." for the rest. */
export default function SignedInApp() {
  return (
    <SignedInProviders fallback={<PageLoading />}>
      <Switch>
        {SCREENS.flatMap((screen) =>
          screen.paths.map((path) => (
            <Route key={path} path={path}>
              <SignedInScreen screen={screen} />
            </Route>
          )),
        )}
        <Route>
          <OtherPath />
        </Route>
      </Switch>
    </SignedInProviders>
  )
}

/** A public page on a browser that signed in before: leaves for the dashboard if still signed in. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  return (
    <SignedInProviders fallback={<PageLoading />}>
      <RedirectWithProfile>{children}</RedirectWithProfile>
    </SignedInProviders>
  )
}

/** The notification stream, open once while someone is signed in, whatever the screen. */
export function SignedInStream() {
  return (
    <SignedInProviders fallback={null}>
      <Stream />
    </SignedInProviders>
  )
}

function Stream() {
  const profile = useProfile({ onlyWithSession: true })
  return profile.data ? <NotificationStream /> : null
}
