import { useState, type FormEvent, type ReactNode } from 'react'
import type { TeamInvitation, TeamMember, TeamRole } from '../../../contract/team.ts'
import type { InviteMemberState, InviteValues } from '../../machines/team/inviteMember.ts'
import { useI18n } from '../../i18n.tsx'
import { Badge } from '../common/Badge.tsx'
import { Button, FormError, TextField } from '../common/form.tsx'
import { SelectField } from '../common/SelectField.tsx'

export const TEAM_ROLES: readonly TeamRole[] = ['cohost', 'cleaner']

type InviteProps = {
  state: InviteMemberState
  /** What the form holds as it is drawn: the machine's last values. */
  values: InviteValues
  /** The invitation just sent, once `sent`. */
  invited?: TeamInvitation
  emailError?: string
  /** A refusal about no one field: the team is full, the day's quota, the network. */
  error?: string
  onSubmit: (values: InviteValues) => void
}

type Props = {
  members: readonly TeamMember[]
  invite: InviteProps
  /** One member's role, resend and remove, each bound to its call. */
  controls: (member: TeamMember) => ReactNode
}

/**
 * The owner's Team tab (docs/product.md §2.10, §7.13): who helps with the property, invited or
 * active, and the form that invites one more.
 */
export function TeamView({ members, invite, controls }: Props) {
  const { t } = useI18n()
  return (
    <div className="flex flex-col gap-6" data-testid="team">
      <p className="text-sm text-slate-500">{t('team.intro')}</p>
      {members.length === 0 ? (
        <p
          data-testid="team-empty"
          className="rounded-xl bg-slate-50 px-4 py-6 text-center text-sm text-slate-500"
        >
          {t('team.empty')}
        </p>
      ) : (
        <ul
          aria-label={t('team.list')}
          data-testid="team-members"
          className="flex flex-col divide-y divide-slate-100 rounded-xl border border-slate-200"
        >
          {members.map((member) => (
            <li
              key={member.id}
              data-testid="team-member"
              className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="flex min-w-0 flex-col gap-1">
                <span className="text-sm font-medium wrap-anywhere text-slate-900">
                  <bdi>{member.name ?? member.email}</bdi>
                </span>
                {member.name && (
                  <span dir="ltr" className="self-start text-xs wrap-anywhere text-slate-500">
                    {member.email}
                  </span>
                )}
                {/* The role is the select's, among the controls. */}
                <span className="flex">
                  <Badge tone={member.status === 'active' ? 'green' : 'amber'}>
                    {t(`team.status.${member.status}`)}
                  </Badge>
                </span>
              </div>
              {controls(member)}
            </li>
          ))}
        </ul>
      )}
      <InviteForm key={invite.invited?.id ?? 'first'} {...invite} />
    </div>
  )
}

/** Redrawn after each invitation sent (its key), so it starts again from the machine's values. */
function InviteForm({ state, values, invited, emailError, error, onSubmit }: InviteProps) {
  const { t } = useI18n()
  const [email, setEmail] = useState(values.email)
  const [role, setRole] = useState(values.role)
  const busy = state === 'sending'
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit({ email, role })
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="team-invite-heading"
      data-testid="team-invite"
      className="flex flex-col gap-4 rounded-xl border border-slate-200 p-4"
    >
      <h3 id="team-invite-heading" className="text-sm font-semibold text-slate-900">
        {t('team.inviteTitle')}
      </h3>
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
        <TextField
          label={t('team.email')}
          name="email"
          type="email"
          autoComplete="off"
          dir="ltr"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={emailError}
          disabled={busy}
        />
        <SelectField
          id="team-invite-role"
          label={t('team.roleLabel')}
          value={role}
          onChange={(event) => setRole(event.target.value as TeamRole)}
          disabled={busy}
        >
          {TEAM_ROLES.map((option) => (
            <option key={option} value={option}>
              {t(`team.role.${option}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <p className="text-xs text-slate-500">{t(`team.roleHint.${role}`)}</p>
      <FormError message={error} />
      {typeof state === 'object' && state.form === 'sent' && invited && (
        <p
          role="status"
          data-testid="team-invite-sent"
          className="rounded-xl bg-emerald-50 px-3.5 py-2.5 text-sm text-emerald-800"
        >
          {t('team.inviteSent', { email: invited.email })}
        </p>
      )}
      <Button type="submit" busy={busy} className="self-start" data-testid="team-invite-submit">
        {t('team.inviteSubmit')}
      </Button>
    </form>
  )
}

type ControlsProps = {
  member: TeamMember
  /** A change of role waiting for the server, and a resend. */
  changingRole: boolean
  resending: boolean
  /** Why the last role change or resend failed, shown at the member. */
  error?: string
  onRoleChange: (role: TeamRole) => void
  onResend: () => void
  /** "Remove", or "Cancel invitation", with its confirmation. */
  remove: ReactNode
}

/** One member's controls: the role, "Resend" while invited, and removal. */
export function MemberControls({
  member,
  changingRole,
  resending,
  error,
  onRoleChange,
  onResend,
  remove,
}: ControlsProps) {
  const { t } = useI18n()
  const who = member.name ?? member.email
  return (
    <div className="flex flex-col gap-2 sm:items-end">
      <div className="flex flex-wrap items-center gap-2">
        <label className="sr-only" htmlFor={`team-role-${member.id}`}>
          {t('team.roleOf', { name: who })}
        </label>
        <select
          id={`team-role-${member.id}`}
          value={member.role}
          disabled={changingRole}
          aria-busy={changingRole || undefined}
          onChange={(event) => onRoleChange(event.target.value as TeamRole)}
          data-testid="team-member-role"
          className="h-9 rounded-lg border border-slate-300 bg-white px-2.5 text-sm text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {TEAM_ROLES.map((option) => (
            <option key={option} value={option}>
              {t(`team.role.${option}`)}
            </option>
          ))}
        </select>
        {member.status === 'invited' && (
          <Button
            type="button"
            variant="secondary"
            busy={resending}
            onClick={onResend}
            data-testid="team-member-resend"
            className="h-9 px-3.5"
          >
            {t('team.resend')}
          </Button>
        )}
        {remove}
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  )
}
