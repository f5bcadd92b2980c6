import type { ReactNode } from 'react'
import { Redirect } from 'wouter'
import { ApiError } from '../actors/http.ts'
import { useI18n } from '../i18n.tsx'
import { Button } from '../ui/common/form.tsx'
import { OfflinePage } from '../ui/common/OfflinePage.tsx'
import { FullPageSpinner } from '../ui/common/Spinner.tsx'
import type { Profile } from '../actors/api.ts'
import { useProfile } from './session.ts'
import { PATHS } from '../domain/paths.ts'

function Unreachable({ onRetry }: { onRetry: () => void }) {
  const { t } = useI18n()
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-4 text-slate-600">
      <p>{t('app.unexpectedError')}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('app.retry')}
      </Button>
    </div>
  )
}

/**
 * Renders its children with the signed-in profile. Without a session the API client's 401 rule
 * is already taking the browser to /login (with `next`), so only a spinner shows meanwhile.
 */
export function SignedIn({ children }: { children: (profile: Profile) => ReactNode }) {
  const { t } = useI18n()
  const profile = useProfile()
  if (profile.data) return <>{children(profile.data)}</>
  // No answer at all: the network is gone, whether or not the browser has noticed yet (a page
  // reloaded offline may still think it is online for a moment). The offline page says so.
  if (profile.error instanceof ApiError && profile.error.status === 0) {
    return <OfflinePage onRetry={() => window.location.reload()} />
  }
  if (profile.error instanceof ApiError && profile.error.status !== 401) {
    return <Unreachable onRetry={() => void profile.refetch()} />
  }
  return <FullPageSpinner label={t('app.loading')} />
}

/**
 * Sign-in and registration screens on a browser that signed in before: someone still signed in
 * goes to the dashboard.
 */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { t } = useI18n()
  const profile = useProfile({ onlyWithSession: true })
  if (profile.isLoading) return <FullPageSpinner label={t('app.loading')} />
  if (profile.data) return <Redirect to={PATHS.dashboard} replace />
  return <>{children}</>
}
