import { lazy, Suspense, type ComponentProps } from 'react'
import { useI18n } from '../../i18n.tsx'
import { Spinner } from '../common/Spinner.tsx'

/**
 * The code step shows only once the form is sent, so the sign-in and registration
 * forms paint without its code; sending the form starts loading it.
 */
export const loadCodeStep = () => import('./CodeStep.tsx')

const MailedCodeStep = lazy(() => loadCodeStep().then((module) => ({ default: module.MailedCodeStep })))

export function LazyMailedCodeStep(props: ComponentProps<typeof MailedCodeStep>) {
  const { t } = useI18n()
  return (
    <Suspense fallback={<Spinner label={t('app.loading')} className="m-8" />}>
      <MailedCodeStep {...props} />
    </Suspense>
  )
}
