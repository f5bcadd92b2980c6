import { screen, within } from '@testing-library/react'
import { expect } from 'vitest'
import { fromPromise } from 'xstate'
import type { TeamMember } from '../../contract/team.ts'
import { SAMPLE } from '../../scripts/machineCatalog.ts'
import type { Feedback } from '../../src/machines/parts/feedback.ts'
import { inviteMemberMachine } from '../../src/machines/team/inviteMember.ts'
import { TeamPanel } from '../../src/routes/properties/TeamTab.tsx'
import { renderWithProviders } from '../ui/providers.tsx'
import { english, expectMessageAtField, fill, isBusy } from './screenHelpers.ts'
import { PendingCalls, walkMachine } from './walk.tsx'

const MEMBERS: TeamMember[] = [
  {
    id: 'member-0',
    email: 'omar@example.com',
    role: 'cleaner',
    status: 'active',
    name: 'Omar',
    invitedAt: '2026-03-01T09:00:00.000Z',
    acceptedAt: '2026-03-02T09:00:00.000Z',
  },
]
const form = () => screen.getByTestId('team-invite')

/** The Team tab as TeamTab binds it, with one active member and fake calls. */
async function renderTeam(pending: PendingCalls) {
  const reloads: string[] = []
  await renderWithProviders(
    <TeamPanel
      propertyId="property-1"
      members={MEMBERS}
      invite={() => Promise.reject(new Error('the walk provides it'))}
      invited={() => reloads.push('team')}
      remove={() => Promise.resolve()}
      implementations={{
        invite: { actors: { invite: fromPromise(({ input }) => pending.add('invite', input)) } },
      }}
    />,
  )
  return { reloads }
}

walkMachine({
  machine: inviteMemberMachine.definition,
  render: renderTeam,
  // Submitting is the one thing a person does here.
  perform: async (event, { user }) => {
    const invite = within(form())
    await fill(user, invite.getByLabelText('E-mail address'), event.values.email)
    await user.selectOptions(invite.getByLabelText('Role'), event.values.role)
    return user.click(invite.getByRole('button', { name: 'Send invitation' }))
  },
  expectScreen: {
    'form.editing': ({ snapshot }) => {
      // The list is there whatever the form does.
      const member = within(screen.getByTestId('team-member'))
      expect(member.getByText('Omar')).toBeTruthy()
      expect(member.getByLabelText<HTMLSelectElement>('Role of Omar').value).toBe('cleaner')
      expect(member.getByText('Active')).toBeTruthy()
      expect(member.getByRole('button', { name: 'Remove' })).toBeTruthy()
      expect(member.queryByRole('button', { name: 'Resend' })).toBeNull()
      const error = snapshot.context.error as Feedback | undefined
      if (error) expectMessageAtField(form(), 'E-mail address', english('team.emailInvalid'))
      else expect(within(form()).queryByRole('alert')).toBeNull()
      expect(screen.queryByTestId('team-invite-sent')).toBeNull()
    },
    sending: ({ pending }) => {
      expect(isBusy(within(form()).getByRole('button', { name: 'Send invitation' }))).toBe(true)
      expect(pending.lastInput('invite')).toEqual({ email: SAMPLE.newEmail, role: 'cohost' })
    },
    'form.sent': ({ screen: rendered }) => {
      expect(screen.getByTestId('team-invite-sent').textContent).toBe(
        `Invitation sent to ${SAMPLE.newEmail}. The link in it works for 7 days.`,
      )
      // Ready for the next one, and the list is asked for again to show the new member.
      expect(within(form()).getByLabelText<HTMLInputElement>('E-mail address').value).toBe('')
      expect(rendered.reloads).toEqual(['team'])
    },
    'form.failed': ({ snapshot }) => {
      const error = snapshot.context.error as Feedback
      // What was typed stays, to send again.
      expect(within(form()).getByLabelText<HTMLInputElement>('E-mail address').value).toBe(SAMPLE.newEmail)
      if (error.fields) expectMessageAtField(form(), 'E-mail address', error.fields.email!)
      else expect(within(form()).getByRole('alert').textContent).toBe(SAMPLE.serverMessage)
      expect(screen.queryByTestId('team-invite-sent')).toBeNull()
    },
  },
})
