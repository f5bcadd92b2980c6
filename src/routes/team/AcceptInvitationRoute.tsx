import { useLocation, useParams } from 'wouter'
import { fromPromise } from 'xstate'
import { api } from '../../actors/api.ts'
import { acceptInvitation } from '../../actors/invitationApi.ts'
import { feedbackText } from '../../common/notify.ts'
import { readHint, writeHint } from '../../common/sessionHint.ts'
import { useFlow, type FlowImplementations } from '../../common/useFlow.ts'
import { NeedsWords, useI18n } from '../../i18n.tsx'
import { acceptInvitationMachine, type Accepted } from '../../machines/team/acceptInvitation.ts'
import { AuthLayout } from '../../ui/auth/AuthLayout.tsx'
import { FullPageSpinner } from '../../ui/common/Spinner.tsx'
import { AcceptInvitationView } from '../../ui/team/AcceptInvitationView.tsx'

type Props = { implementations?: FlowImplementations<typeof acceptInvitationMachine> }

/**
 * The invitation accepted, with the property's name when the account may now read it: the page
 * says what was opened, and a property it cannot name yet is "this property".
 */
async function acceptAndName(token: string): Promise<Accepted> {
  const accepted = await acceptInvitation(token)
  const propertyName = await api.property.get(accepted.propertyId).then(
    (property) => property.name,
    () => undefined,
  )
  return { ...accepted, propertyName }
}

/** Signs out here, and stays: the page then offers to sign in with the invited address. */
async function signOut() {
  await api.auth.logout()
  writeHint(false)
}

/**
 * /team/invitation/{token}: a host's invitation to a property's team (docs/product.md §2.25,
 * §7.13), public, so that someone without an account can register from it and come back.
 */
export default function AcceptInvitationRoute(props: Props) {
  return (
    <NeedsWords part="team" fallback={<FullPageSpinner />}>
      <AcceptInvitation {...props} />
    </NeedsWords>
  )
}

function AcceptInvitation({ implementations = {} }: Props) {
  const { t, language, setLanguage } = useI18n()
  const { token = '' } = useParams<{ token?: string }>()
  const [here] = useLocation()
  const [state, send] = useFlow(
    acceptInvitationMachine({
      actors: {
        accept: fromPromise(({ input }) => acceptAndName(input.token)),
        signOut: fromPromise(signOut),
      },
    }).provide(implementations),
    { input: { token, signedIn: readHint() } },
  )
  return (
    <AuthLayout
      title={state.value === 'accepted' ? undefined : t('team.accept.title')}
      language={language}
      onLanguageChange={setLanguage}
    >
      <AcceptInvitationView
        state={state.value}
        accepted={state.context.accepted}
        error={feedbackText(t, state.context.error)}
        here={here}
        onAccept={() => send({ type: 'accept' })}
        onRetry={() => send({ type: 'retry' })}
        onSwitchAccount={() => send({ type: 'switchAccount' })}
      />
    </AuthLayout>
  )
}
