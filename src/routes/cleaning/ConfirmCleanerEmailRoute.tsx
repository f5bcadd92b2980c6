import { useParams } from 'wouter'
import { fromPromise } from 'xstate'
import { cleanerLinkApi } from '../../actors/cleanerLinkApi.ts'
import { feedbackText } from '../../common/notify.ts'
import { useFlow, type FlowImplementations } from '../../common/useFlow.ts'
import { NeedsWords, useI18n } from '../../i18n.tsx'
import { confirmCleanerEmailMachine } from '../../machines/cleaning/confirmCleanerEmail.ts'
import { AuthLayout } from '../../ui/auth/AuthLayout.tsx'
import { FullPageSpinner } from '../../ui/common/Spinner.tsx'
import { ConfirmCleanerEmailView } from '../../ui/turnovers/ConfirmCleanerEmailView.tsx'

type Props = { implementations?: FlowImplementations<typeof confirmCleanerEmailMachine> }

/**
 * /confirm-cleaning-mail/{token}: the address a cleaner's link tells agrees to its mails, no
 * sign-in; in the reader's language, with the cleaner's page's words.
 */
export default function ConfirmCleanerEmailRoute(props: Props) {
  return (
    <NeedsWords part="cleaner" fallback={<FullPageSpinner />}>
      <ConfirmCleanerEmail {...props} />
    </NeedsWords>
  )
}

function ConfirmCleanerEmail({ implementations = {} }: Props) {
  const { t, language, setLanguage } = useI18n()
  const { token = '' } = useParams<{ token?: string }>()
  const [state, send] = useFlow(
    confirmCleanerEmailMachine({
      actors: { confirmEmail: fromPromise(({ input }) => cleanerLinkApi.confirmEmail(input.token)) },
    }).provide(implementations),
    { input: { token } },
  )
  return (
    <AuthLayout
      title={state.value === 'confirmed' ? undefined : t('cleaner.confirm.title')}
      language={language}
      onLanguageChange={setLanguage}
    >
      <ConfirmCleanerEmailView
        state={state.value}
        confirmed={state.context.confirmed}
        error={feedbackText(t, state.context.error)}
        onConfirm={() => send({ type: 'confirm' })}
        onRetry={() => send({ type: 'retry' })}
      />
    </AuthLayout>
  )
}
