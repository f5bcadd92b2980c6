import type { FormEvent } from 'react'
import { Link } from 'wouter'
import type { CancelEmailChangeState } from '../../machines/auth/cancelEmailChange.ts'
import { useI18n } from '../../i18n.tsx'
import { Button, FormError } from '../common/form.tsx'
import { BackToLogin } from './BackToLogin.tsx'
import { Splash } from './Splash.tsx'
import { PATHS } from '../../domain/paths.ts'

type Props = { state: CancelEmailChangeState; error?: string; onConfirm: () => void }

/** What the old address's link opens; one button takes the change back (docs/product.md §4.4). */
export function CancelEmailChangeView({ state, error, onConfirm }: Props) {
  const { t } = useI18n()
  if (state === 'cancelled') {
    return (
      <div className="flex flex-col gap-5" data-testid="email-cancelled">
        <Splash title={t('emailCancel.cancelledTitle')} text={t('emailCancel.cancelledText')} />
        <Link
          href={PATHS.forgotPassword}
          className="inline-flex h-11 items-center justify-center rounded-xl bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
        >
          {t('emailCancel.choosePassword')}
        </Link>
        <BackToLogin />
      </div>
    )
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onConfirm()
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-5" data-testid="email-cancel-form" noValidate>
      <p className="text-sm text-slate-600">{t('emailCancel.text')}</p>
      <FormError message={error} />
      <Button type="submit" variant="danger" busy={state === 'cancelling'}>
        {t('emailCancel.submit')}
      </Button>
      <BackToLogin />
    </form>
  )
}
