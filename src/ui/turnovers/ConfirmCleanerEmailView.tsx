import type { FormEvent } from 'react'
import type { ConfirmedCleanerEmail } from '../../../contract/turnover.ts'
import type { ConfirmCleanerEmailState } from '../../machines/cleaning/confirmCleanerEmail.ts'
import { useI18n } from '../../i18n.tsx'
import { Button, FormError } from '../common/form.tsx'
import { Splash } from '../auth/Splash.tsx'

type Props = {
  state: ConfirmCleanerEmailState
  confirmed?: ConfirmedCleanerEmail
  error?: string
  onConfirm: () => void
  onRetry: () => void
}

/**
 * What the confirmation mail's link opens (docs/product.md §7.11): the address is known only once
 * the button has been pressed, so the page asks in general words first.
 */
export function ConfirmCleanerEmailView({ state, confirmed, error, onConfirm, onRetry }: Props) {
  const { t } = useI18n()
  if (state === 'confirmed' && confirmed)
    return (
      <div data-testid="cleaner-email-confirmed">
        <Splash
          title={t('cleaner.confirm.confirmedTitle')}
          text={t('cleaner.confirm.confirmedText', { email: confirmed.email, name: confirmed.name })}
        />
      </div>
    )
  if (state === 'gone')
    return (
      <p
        role="alert"
        className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900"
        data-testid="cleaner-email-gone"
      >
        {t('cleaner.confirm.gone')}
      </p>
    )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (state === 'failed') onRetry()
    else onConfirm()
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-5" data-testid="cleaner-email-form" noValidate>
      <p className="text-sm text-slate-600">{t('cleaner.confirm.text')}</p>
      <FormError message={error} />
      <Button type="submit" busy={state === 'confirming'}>
        {state === 'failed' ? t('app.retry') : t('cleaner.confirm.submit')}
      </Button>
    </form>
  )
}
