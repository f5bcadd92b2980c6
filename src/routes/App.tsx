import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { Toaster } from 'react-hot-toast'
import { Route, Switch } from 'wouter'
import { ADMIN_ITEMS } from '../domain/navigation.ts'
import { I18nProvider, useI18n } from '../i18n.tsx'
import { ComingUpdate } from '../ui/ComingUpdate.tsx'
import { FullPageSpinner, Spinner } from '../ui/Spinner.tsx'
import { PlaceholderPage } from '../ui/PlaceholderPage.tsx'
import { EmptyState } from '../ui/EmptyState.tsx'
import { AppShell } from './AppShell.tsx'
import { SignedIn, SignedOutOnly } from './guards.tsx'
import { useProfile } from './session.ts'

// Each screen is its own chunk, loaded when first visited.
const LoginRoute = lazy(() => import('./LoginRoute.tsx'))
const DashboardRoute = lazy(() => import('./DashboardRoute.tsx'))

/** SPEC 9: toasts last 4 s (errors and plain) and 2 s (successes); react-hot-toast's defaults. */
export const TOAST_LIMIT = 20

type Screen = { path: string; titleKey: string; emptyKey: string; adminOnly?: boolean }

// Screens that later parts of the product fill: their title and an empty state for now.
const PLACEHOLDER_SCREENS: Screen[] = [
  { path: '/properties', titleKey: 'pages.properties.title', emptyKey: 'pages.properties.empty' },
  { path: '/integration', titleKey: 'pages.integration.title', emptyKey: 'pages.integration.empty' },
  { path: '/calendar', titleKey: 'pages.calendar.title', emptyKey: 'pages.calendar.empty' },
  ...ADMIN_ITEMS.map((item) => ({
    path: item.path,
    titleKey: `pages${item.path.replace('/', '.')}.title`,
    emptyKey: `pages${item.path.replace('/', '.')}.empty`,
    adminOnly: true,
  })),
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
            <PlaceholderPage title={t(screen.titleKey)} emptyText={t(screen.emptyKey)} />
          )}
        </AppShell>
      )}
    </SignedIn>
  )
}

/** Any other path: "coming update...", inside the shell for a signed-in person. */
function OtherPath() {
  const profile = useProfile()
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
      {PLACEHOLDER_SCREENS.map((screen) => (
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

export function App() {
  return (
    <I18nProvider fallback={<FullPageSpinner />}>
      <QueryClientProvider client={queryClient}>
        <Routes />
        <Toaster
          position="top-center"
          toastOptions={{ className: 'text-sm' }}
          containerStyle={{ zIndex: 60 }}
        />
      </QueryClientProvider>
    </I18nProvider>
  )
}
