import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { Toaster } from 'react-hot-toast'
import { Route, Switch } from 'wouter'
import { I18nProvider, useI18n } from '../i18n.tsx'
import { ComingUpdate } from '../ui/ComingUpdate.tsx'
import { FullPageSpinner, Spinner } from '../ui/Spinner.tsx'
import { EmptyState } from '../ui/EmptyState.tsx'
import { OfflinePage } from '../ui/OfflinePage.tsx'
import { UpdatePrompt } from '../ui/UpdatePrompt.tsx'
import { applyUpdate, useUpdateWaiting } from '../pwa/appUpdates.ts'
import { useOnline } from '../pwa/useOnline.ts'
import { SignedIn, SignedOutOnly } from './guards.tsx'
import { useProfile } from './session.ts'

// The signed-in frame (menus, panels, notifications) and the live stream are chunks of their own
// too: the sign-in screens never load them.
const AppShell = lazy(() => import('./AppShell.tsx').then((module) => ({ default: module.AppShell })))
const NotificationStream = lazy(async () => {
  const { useNotificationStream } = await import('./notifications.ts')
  return {
    default: function NotificationStream() {
      useNotificationStream()
      return null
    },
  }
})

// Each screen is its own chunk, loaded when first visited.
const LoginRoute = lazy(() => import('./LoginRoute.tsx'))
const RegistrationRoute = lazy(() => import('./RegistrationRoute.tsx'))
const ForgotPasswordRoute = lazy(() => import('./ForgotPasswordRoute.tsx'))
const ResetPasswordRoute = lazy(() => import('./ResetPasswordRoute.tsx'))
const CancelEmailChangeRoute = lazy(() => import('./CancelEmailChangeRoute.tsx'))
const DashboardRoute = lazy(() => import('./DashboardRoute.tsx'))
const PropertiesRoute = lazy(() => import('./PropertiesRoute.tsx'))
const CalendarRoute = lazy(() => import('./CalendarRoute.tsx'))
const IntegrationRoute = lazy(() => import('./IntegrationRoute.tsx'))
const GuestsRoute = lazy(() => import('./GuestsRoute.tsx'))
const UsersRoute = lazy(() => import('./UsersRoute.tsx'))
const UserPropertiesRoute = lazy(() => import('./users/UserPropertiesRoute.tsx'))
const LogsRoute = lazy(() => import('./LogsRoute.tsx'))

/** SPEC 9: toasts last 4 s (errors and plain) and 2 s (successes); react-hot-toast's defaults. */
export const TOAST_LIMIT = 20

/** A signed-in screen of its own chunk; an admin screen shows "not allowed" to anyone else. */
type Screen = { path: string; component: LazyExoticComponent<ComponentType>; adminOnly?: boolean }

const SCREENS: Screen[] = [
  { path: '/integration', component: IntegrationRoute },
  { path: '/guests', component: GuestsRoute, adminOnly: true },
  { path: '/users', component: UsersRoute, adminOnly: true },
  { path: '/users/:userId/properties', component: UserPropertiesRoute, adminOnly: true },
  { path: '/logs', component: LogsRoute, adminOnly: true },
]

const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } })

function Lazy({ component: Component }: { component: LazyExoticComponent<ComponentType> }) {
  const { t } = useI18n()
  return (
    <Suspense fallback={<Spinner label={t('app.loading')} className="m-8" />}>
      <Component />
    </Suspense>
  )
}

function SignedInScreen({ screen }: { screen: Screen }) {
  const { t } = useI18n()
  return (
    <SignedIn>
      {(profile) => (
        <AppShell profile={profile}>
          {screen.adminOnly && !profile.isAdmin ? (
            <EmptyState text={t('app.notAllowed')} />
          ) : (
            <Lazy component={screen.component} />
          )}
        </AppShell>
      )}
    </SignedIn>
  )
}

/** SPEC 7: the notification stream is open once while someone is signed in, whatever the screen. */
function SignedInStream() {
  const profile = useProfile({ onlyWithSession: true })
  return profile.data ? (
    <Suspense fallback={null}>
      <NotificationStream />
    </Suspense>
  ) : null
}

/** While the signed-in frame's chunk loads, the first time only. */
function PageLoading() {
  const { t } = useI18n()
  return <FullPageSpinner label={t('app.loading')} />
}

/** Any other path: "coming update...", inside the shell for a signed-in person. */
function OtherPath() {
  const profile = useProfile({ onlyWithSession: true })
  if (profile.data) {
    return (
      <AppShell profile={profile.data}>
        <ComingUpdate />
      </AppShell>
    )
  }
  return <ComingUpdate />
}

function Routes() {
  return (
    <Switch>
      <Route path="/login">
        <SignedOutOnly>
          <Lazy component={LoginRoute} />
        </SignedOutOnly>
      </Route>
      <Route path="/registration">
        <SignedOutOnly>
          <Lazy component={RegistrationRoute} />
        </SignedOutOnly>
      </Route>
      {/* Public without a redirect: a signed-in person may still reset a password from a mailed link. */}
      <Route path="/forgot-password">
        <Lazy component={ForgotPasswordRoute} />
      </Route>
      <Route path="/reset-password/:token?">
        <Lazy component={ResetPasswordRoute} />
      </Route>
      {/* Issue 14: the old address's link when the e-mail address changes; public like the reset. */}
      <Route path="/cancel-email-change/:token?">
        <Lazy component={CancelEmailChangeRoute} />
      </Route>
      <Route path="/" nest={false}>
        <SignedIn>
          {(profile) => (
            <AppShell profile={profile}>
              <Lazy component={DashboardRoute} />
            </AppShell>
          )}
        </SignedIn>
      </Route>
      <Route path="/dashboard">
        <SignedIn>
          {(profile) => (
            <AppShell profile={profile}>
              <Lazy component={DashboardRoute} />
            </AppShell>
          )}
        </SignedIn>
      </Route>
      <Route path="/properties">
        <SignedIn>
          {(profile) => (
            <AppShell profile={profile}>
              <Lazy component={PropertiesRoute} />
            </AppShell>
          )}
        </SignedIn>
      </Route>
      <Route path="/calendar">
        <SignedIn>
          {(profile) => (
            <AppShell profile={profile}>
              <Lazy component={CalendarRoute} />
            </AppShell>
          )}
        </SignedIn>
      </Route>
      {SCREENS.map((screen) => (
        <Route key={screen.path} path={screen.path}>
          <SignedInScreen screen={screen} />
        </Route>
      ))}
      <Route>
        <OtherPath />
      </Route>
    </Switch>
  )
}

/**
 * Issue 17: offline, the cached shell says so rather than showing screens whose every call fails;
 * back online, the screens return and ask again.
 */
function Connected() {
  const online = useOnline()
  if (!online) return <OfflinePage onRetry={() => window.location.reload()} />
  return (
    <>
      <Suspense fallback={<PageLoading />}>
        <Routes />
      </Suspense>
      <SignedInStream />
    </>
  )
}

function AppUpdate() {
  const waiting = useUpdateWaiting()
  const [later, setLater] = useState(false)
  return waiting && !later ? <UpdatePrompt onReload={applyUpdate} onLater={() => setLater(true)} /> : null
}

export function App() {
  return (
    <I18nProvider fallback={<FullPageSpinner />}>
      <QueryClientProvider client={queryClient}>
        <Connected />
        <AppUpdate />
        <Toaster
          position="top-center"
          toastOptions={{ className: 'text-sm' }}
          containerStyle={{ zIndex: 60 }}
        />
      </QueryClientProvider>
    </I18nProvider>
  )
}
