import { fromPromise } from 'xstate'
import type { TeamInvitation, TeamMember } from '../../../contract/team.ts'
import { feedbackText, formFeedback, showNotice } from '../../common/notify.ts'
import { useFlow, type FlowImplementations } from '../../common/useFlow.ts'
import { useMemberChanges, useTeam, useTeamChanges } from '../../features/team/teamQueries.ts'
import { NeedsWords, useI18n } from '../../i18n.tsx'
import { inviteMemberMachine, type InviteValues } from '../../machines/team/inviteMember.ts'
import { cancelTeamInvitationMachine, removeTeamMemberMachine } from '../../machines/team/memberActions.ts'
import { QueryStatus } from '../../ui/common/QueryStatus.tsx'
import { Spinner } from '../../ui/common/Spinner.tsx'
import { MemberControls, TeamView } from '../../ui/property/TeamView.tsx'
import { ConfirmedLinkAction } from '../../ui/turnovers/ConfirmedLinkAction.tsx'

type Implementations = {
  invite?: FlowImplementations<typeof inviteMemberMachine>
  remove?: FlowImplementations<typeof removeTeamMemberMachine>
}

type Props = { propertyId: string; implementations?: Implementations }

/**
 * The property modal's Team tab, the owner's only (docs/product.md §2.10): its code, its calls and
 * its words come when it is first opened (EditPropertyDialog loads it lazily).
 */
export default function TeamTab({ propertyId, implementations = {} }: Props) {
  const { t } = useI18n()
  const team = useTeam(propertyId)
  const changes = useTeamChanges(propertyId)
  return (
    <NeedsWords part="team" fallback={<Spinner label={t('app.loading')} className="py-6" />}>
      <QueryStatus query={team}>
        {(members) => (
          <TeamPanel
            propertyId={propertyId}
            members={members}
            invite={changes.invite.mutateAsync}
            invited={changes.reload}
            remove={changes.remove.mutateAsync}
            implementations={implementations}
          />
        )}
      </QueryStatus>
    </NeedsWords>
  )
}

type Bound = {
  propertyId: string
  members: readonly TeamMember[]
  invite: (values: InviteValues) => Promise<TeamInvitation>
  invited: () => unknown
  remove: (memberId: string) => Promise<unknown>
  implementations: Implementations
}

/** The list and the invitation flow, bound to the calls; exported for the flow's test. */
export function TeamPanel({ propertyId, members, invite, invited, remove, implementations }: Bound) {
  const { t } = useI18n()
  const [state, send] = useFlow(
    inviteMemberMachine({
      actors: { invite: fromPromise(({ input }) => invite(input)) },
      actions: { invited: () => void invited() },
    }).provide(implementations.invite ?? {}),
  )
  const refused = formFeedback(t, state.context.error, ['email'])
  return (
    <TeamView
      members={members}
      invite={{
        state: state.value,
        values: state.context.values,
        invited: state.context.invited,
        emailError: refused.fields.email,
        error: refused.banner,
        onSubmit: (values) => send({ type: 'submit', values }),
      }}
      controls={(member) => (
        <Member propertyId={propertyId} member={member} remove={remove} implementations={implementations} />
      )}
    />
  )
}

function Member({
  propertyId,
  member,
  remove,
  implementations,
}: {
  propertyId: string
  member: TeamMember
  remove: (memberId: string) => Promise<unknown>
  implementations: Implementations
}) {
  const { t } = useI18n()
  const { setRole, resend } = useMemberChanges(propertyId, member.id)
  const failed = setRole.isError ? setRole : resend.isError ? resend : undefined
  return (
    <MemberControls
      member={member}
      changingRole={setRole.isPending}
      resending={resend.isPending}
      error={
        failed && (failed.error?.message || t(failed === setRole ? 'team.roleFailed' : 'team.resendFailed'))
      }
      onRoleChange={(role) => {
        resend.reset()
        setRole.mutate(role, { onSuccess: () => showNotice(t, notice('team.roleChanged')) })
      }}
      onResend={() => {
        setRole.reset()
        resend.mutate(undefined, { onSuccess: () => showNotice(t, notice('team.resent')) })
      }}
      remove={
        <Removal
          key={member.status}
          member={member}
          perform={() => remove(member.id)}
          implementations={implementations.remove}
        />
      }
    />
  )
}

const notice = (key: string) => ({ kind: 'success' as const, feedback: { key } })

/** An active member's "Remove", or an invitation's "Cancel invitation"; both ask first. */
function Removal({
  member,
  perform,
  implementations = {},
}: {
  member: TeamMember
  perform: () => Promise<unknown>
  implementations?: FlowImplementations<typeof removeTeamMemberMachine>
}) {
  const { t } = useI18n()
  const kind = member.status === 'active' ? 'remove' : 'cancel'
  const machine = kind === 'remove' ? removeTeamMemberMachine : cancelTeamInvitationMachine
  const [state, send] = useFlow(
    machine({
      actors: { perform: fromPromise(perform) },
      actions: { notify: (_, message) => showNotice(t, message) },
    }).provide(implementations),
  )
  const words = (key: string) => t(`team.${kind}${key}`, { name: member.name ?? member.email })
  return (
    <ConfirmedLinkAction
      state={state.value}
      label={words('')}
      title={words('Title')}
      body={words('Text')}
      confirmLabel={words('Confirm')}
      danger
      error={feedbackText(t, state.context.error)}
      testId={`team-${kind}`}
      onOpen={() => send({ type: 'open' })}
      onConfirm={() => send({ type: 'confirm' })}
      onCancel={() => send({ type: 'cancel' })}
    />
  )
}
