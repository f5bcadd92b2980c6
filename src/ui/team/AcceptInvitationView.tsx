import type { FormEvent, ReactNode } from 'react'
import { Link } from 'wouter'
import type { AcceptInvitationState, Accepted } from '../../machines/team/acceptInvitation.ts'
import { PATHS } from '../../domain/paths.ts'
import { useI18n } from '../../i18n.tsx'
import { Button, FormError } from '../common/form.tsx'
import { Splash } from '../auth/Splash.tsx'

type Props = {
  state: AcceptInvitationState
  accepted?: Accepted
  error?: string
  /** This page's own address, where signing in or registering comes back to. */
  here: string
  onAccept: () => void
  onRetry: () => void
  onSwitchAccount: () => void
}

const LINK_CLASS =
  'inline-flex h-11 items-center justify-center rounded-xl px-5 text-sm font-semibold transition-colors'
const PRIMARY_LINK = `${LINK_CLASS} bg-brand-700 text-white hover:bg-brand-800`
const SECONDARY_LINK = `${LINK_CLASS} border border-slate-300 bg-white text-slate-700 hover:bg-slate-50`

function Notice({ tone, testId, children }: { tone: 'amber' | 'red'; testId: string; children: ReactNode }) {
  const colours = tone === 'amber' ? 'bg-amber-50 text-amber-900' : 'bg-red-50 text-red-700'
  return (
    <p role="alert" className={`rounded-xl px-4 py-3 text-sm ${colours}`} data-testid={testId}>
      {children}
    </p>
  )
}

/**
 * What the invitation mail's link opens (docs/product.md §2.25): the property is known only once
 * accepted, so the page asks in general words first.
 */
export function AcceptInvitationView({
  state,
  accepted,
  error,
  here,
  onAccept,
  onRetry,
  onSwitchAccount,
}: Props) {
  const { t } = useI18n()
  const next = `?next=${encodeURIComponent(here)}`
  if (state === 'accepted' && accepted) {
    const cleaner = accepted.role === 'cleaner'
    return (
      <div className="flex flex-col items-center gap-2" data-testid="invitation-accepted">
        <Splash
          title={t('team.accept.successTitle')}
          text={t(cleaner ? 'team.accept.successCleaner' : 'team.accept.successCohost', {
            property: accepted.propertyName ?? t('team.accept.thisProperty'),
          })}
        />
        <Link href={cleaner ? PATHS.turnovers : PATHS.properties} className={PRIMARY_LINK}>
          {t(cleaner ? 'team.accept.openTurnovers' : 'team.accept.openProperties')}
        </Link>
      </div>
    )
  }
  if (state === 'gone')
    return (
      <Notice tone="amber" testId="invitation-gone">
        {t('team.accept.gone')}
      </Notice>
    )
  if (state === 'ownProperty')
    return (
      <div className="flex flex-col gap-5">
        <Notice tone="red" testId="invitation-own">
          {error}
        </Notice>
        <Link href={PATHS.properties} className={SECONDARY_LINK}>
          {t('team.accept.openProperties')}
        </Link>
      </div>
    )
  if (state === 'signedOut')
    return (
      <div className="flex flex-col gap-5" data-testid="invitation-signed-out">
        <p className="text-sm text-slate-600">{t('team.accept.signedOut')}</p>
        <Link href={`${PATHS.login}${next}`} className={PRIMARY_LINK}>
          {t('team.accept.signIn')}
        </Link>
        <Link href={`${PATHS.registration}${next}`} className={SECONDARY_LINK}>
          {t('team.accept.createAccount')}
        </Link>
      </div>
    )
  if (state === 'otherAccount' || state === 'signingOut')
    return (
      <div className="flex flex-col gap-5" data-testid="invitation-other-account">
        <FormError message={error} />
        <Button type="button" busy={state === 'signingOut'} onClick={onSwitchAccount}>
          {t('team.accept.otherAccount')}
        </Button>
      </div>
    )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (state === 'failed') onRetry()
    else onAccept()
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-5" data-testid="invitation-form" noValidate>
      <p className="text-sm text-slate-600">{t('team.accept.text')}</p>
      <FormError message={error} />
      <Button type="submit" busy={state === 'accepting'}>
        {state === 'failed' ? t('app.retry') : t('team.accept.submit')}
      </Button>
    </form>
  )
}
