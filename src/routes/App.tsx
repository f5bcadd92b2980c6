import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react'
import { matchRoute, Route, Switch } from 'wouter'
import { parse } from 'regexparam'
import { I18nProvider, preloadWords, useI18n } from '../i18n.tsx'
import type { Language } from '../domain/translator.ts'
import { PATHS } from '../domain/paths.ts'
import { markLive } from '../boot/prerendered.ts'
import { FullPageSpinner } from '../ui/common/Spinner.tsx'
import { applyUpdate, useUpdateWaiting } from '../pwa/appUpdates.ts'
import { useNetwork } from '../pwa/useOnline.ts'
import { preloadable, type Preloadable } from '../common/preloadable.tsx'
import { readHint, useSessionHint } from '../common/sessionHint.ts'
import { onIdle } from '../ui/common/idle.ts'

/**
 * This is all a phone loads before the sign-in form — the public screens come one
 * chunk each, and everything behind sign-in (react-query, the frame, the screens, their words) is
 * SignedInApp's chunk. Toasts are a chunk too, mounted once the page has painted.
 */
const SignedInApp = preloadable<object, typeof import('../frame/SignedInApp.tsx')>(
  () => import('../frame/SignedInApp.tsx'),
)
const RedirectIfSignedIn = lazy(() =>
  import('../frame/SignedInApp.tsx').then((module) => ({ default: module.RedirectIfSignedIn })),
)
const SignedInStream = lazy(() =>
  import('../frame/SignedInApp.tsx').then((module) => ({ default: module.SignedInStream })),
)
const Toasts = preloadable(() => import('../ui/common/Toasts.tsx'))
// Its live region is in the page, empty, long before most drops: it comes once the page is idle.
const OfflineBanner = preloadable(() => import('../ui/common/OfflineBanner.tsx'))
// Rarely seen, and cached by the service worker for when they are.
const OfflinePage = lazy(() =>
  import('../ui/common/OfflinePage.tsx').then((module) => ({ default: module.OfflinePage })),
)
const UpdatePrompt = lazy(() =>
  import('../ui/common/UpdatePrompt.tsx').then((module) => ({ default: module.UpdatePrompt })),
)

const LoginRoute = preloadable(() => import('./auth/LoginRoute.tsx'))
const RegistrationRoute = preloadable(() => import('./auth/RegistrationRoute.tsx'))
const ForgotPasswordRoute = preloadable(() => import('./auth/ForgotPasswordRoute.tsx'))
const ResetPasswordRoute = preloadable(() => import('./auth/ResetPasswordRoute.tsx'))
const CancelEmailChangeRoute = preloadable(() => import('./auth/CancelEmailChangeRoute.tsx'))
const CleanerScheduleRoute = preloadable(() => import('./cleaning/CleanerScheduleRoute.tsx'))
const ConfirmCleanerEmailRoute = preloadable(() => import('./cleaning/ConfirmCleanerEmailRoute.tsx'))
const AcceptInvitationRoute = preloadable(() => import('./team/AcceptInvitationRoute.tsx'))

/** A page open to everyone; `signedOutOnly` sends someone still signed in to the dashboard. */
type PublicScreen = { path: string; component: Preloadable<object>; signedOutOnly?: boolean }

const PUBLIC_SCREENS: PublicScreen[] = [
  { path: PATHS.login, component: LoginRoute, signedOutOnly: true },
  { path: PATHS.registration, component: RegistrationRoute, signedOutOnly: true },
  // Public without a redirect: a signed-in person may still reset a password from a mailed link.
  { path: PATHS.forgotPassword, component: ForgotPasswordRoute },
  { path: `${PATHS.resetPassword}/:token?`, component: ResetPasswordRoute },
  // The old address's link when the e-mail address changes; public like the reset.
  { path: `${PATHS.cancelEmailChange}/:token?`, component: CancelEmailChangeRoute },
  // A cleaner's read-only page, by its link's token (docs/product.md §7.11).
  { path: `${PATHS.cleaner}/:token?`, component: CleanerScheduleRoute },
  // The mailed link that confirms a cleaner's address; opening it changes nothing.
  { path: `${PATHS.confirmCleanerEmail}/:token?`, component: ConfirmCleanerEmailRoute },
  // A host's invitation to a property's team: signed in it accepts, signed out it leads to
  // signing in or registering and back (docs/product.md §2.25).
  { path: `${PATHS.teamInvitation}/:token?`, component: AcceptInvitationRoute },
]

/**
 * Loads the screen at `pathname` and its words before the app first renders (src/main.tsx), so
 * that the first render draws it rather than a spinner; index.html has already asked for them.
 */
export function preloadFirstScreen({
  pathname,
  search,
}: Pick<Location, 'pathname' | 'search'>): Promise<unknown> {
  const screen = preloadPublicScreen(pathname)
  if (screen) return Promise.all([screen, preloadWords(['public'])])
  if (!readHint()) return preloadWords(['public'])
  return Promise.all([
    SignedInApp.preload().then((module) => module.preloadSignedIn(pathname, search)),
    preloadWords(['public', 'signedIn']),
  ])
}

/** Loads the public screen at `pathname`'s code, when it is one (the build's prerender too). */
export function preloadPublicScreen(pathname: string): Promise<unknown> | undefined {
  return PUBLIC_SCREENS.find(({ path }) => matchRoute(parse, path, pathname)[0])?.component.preload()
}

function PageLoading() {
  const { t } = useI18n()
  return <FullPageSpinner label={t('app.loading')} />
}

/** Only a browser that signed in before has anything to check, so only it loads the signed-in code. */
function SignedOutOnly({ children }: { children: ReactNode }) {
  return readHint() ? (
    <Suspense fallback={<PageLoading />}>
      <RedirectIfSignedIn>{children}</RedirectIfSignedIn>
    </Suspense>
  ) : (
    <>{children}</>
  )
}

/**
 * A screen whose code is still on its way waits behind a spinner; one whose code has
 * arrived (the first screen, loaded before the app's first render) is drawn with no Suspense
 * boundary around it, decided once as it mounts. React hydrates a boundary's prerendered markup
 * in a later pass at its lowest priority, in 5 ms slices between other work, which kept the
 * sign-in form from answering for about 0.2 s more on a throttled phone.
 */
function Screen({ component: Component }: { component: Preloadable<object> }) {
  const [arrived] = useState(Component.hasArrived)
  return arrived ? (
    <Component />
  ) : (
    <Suspense fallback={<PageLoading />}>
      <Component />
    </Suspense>
  )
}

function Routes() {
  return (
    <Switch>
      {PUBLIC_SCREENS.map(({ path, component, signedOutOnly }) => (
        <Route key={path} path={path}>
          {signedOutOnly ? (
            <SignedOutOnly>
              <Screen component={component} />
            </SignedOutOnly>
          ) : (
            <Screen component={component} />
          )}
        </Route>
      ))}
      <Route>
        <Screen component={SignedInApp} />
      </Route>
    </Switch>
  )
}

/**
 * Mounted with the screen, so its effect runs once the screen is hydrated (or, with
 * nothing prerendered, first drawn): from then on the app answers the screen itself.
 */
function MarkLive() {
  useEffect(markLive, [])
  return null
}

/**
 * A part the first screen does without, fetched after the first commit and drawn once it has
 * arrived: the build's prerender leaves it out, so hydrating finds exactly the markup it wrote,
 * and it never suspends, which would hold back the commit of the rest of the hydration (React
 * spaces the reveals after a fallback by 300 ms). `whenIdle`: not before the page has nothing
 * else to do (its screen's code and data come first), or the network goes, whichever is sooner.
 */
function AfterFirstRender({
  component: Component,
  whenIdle = false,
}: {
  component: Preloadable<object>
  whenIdle?: boolean
}) {
  const [loaded, setLoaded] = useState(false)
  useEffect(() => {
    let started = false
    const load = () => {
      if (started) return
      started = true
      Component.preload().then(
        () => setLoaded(true),
        (failure: unknown) => console.error('A part of the page could not load', failure),
      )
    }
    if (!whenIdle) return load()
    const cancel = onIdle(load, IDLE_WAIT_MS)
    window.addEventListener('offline', load)
    return () => {
      cancel()
      window.removeEventListener('offline', load)
    }
  }, [Component, whenIdle])
  return loaded ? <Component /> : null
}

/** The longest a part fetched "when idle" waits for the page to be. */
const IDLE_WAIT_MS = 5000

/** The notification stream is open while someone is signed in, whatever the screen. */
function Stream() {
  return useSessionHint() ? (
    <Suspense fallback={null}>
      <SignedInStream />
    </Suspense>
  ) : null
}

/**
 * A page that has had no network since it loaded (the cached shell opened offline) says so rather
 * than showing screens whose every call fails; the screens come once the network does. A network
 * lost later changes nothing on screen but the offline banner: the screen and every form or
 * dialog open on it stay as they are, with what was typed (docs/decisions.md, "A network drop
 * loses nothing").
 */
function Connected() {
  const network = useNetwork()
  if (network === 'none') {
    return (
      <Suspense fallback={<PageLoading />}>
        <OfflinePage onRetry={() => window.location.reload()} />
      </Suspense>
    )
  }
  return (
    <>
      <Routes />
      <MarkLive />
      <Stream />
    </>
  )
}

function AppUpdate() {
  const waiting = useUpdateWaiting()
  const [later, setLater] = useState(false)
  return waiting && !later ? (
    <Suspense fallback={null}>
      <UpdatePrompt onReload={applyUpdate} onLater={() => setLater(true)} />
    </Suspense>
  ) : null
}

/** `language`: the build's prerender names it; a browser uses the stored choice or its own. */
export function App({ language }: { language?: Language }) {
  return (
    <I18nProvider fallback={<FullPageSpinner />} initialLanguage={language}>
      <Connected />
      <AppUpdate />
      <AfterFirstRender component={Toasts} />
      <AfterFirstRender component={OfflineBanner} whenIdle />
    </I18nProvider>
  )
}
