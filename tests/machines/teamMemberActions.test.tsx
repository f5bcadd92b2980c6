import { screen } from '@testing-library/react'
import { expect } from 'vitest'
import type { TeamMember } from '../../contract/team.ts'
import type { FlowImplementations } from '../../src/common/useFlow.ts'
import {
  cancelTeamInvitationMachine,
  leaveTeamMachine,
  removeTeamMemberMachine,
} from '../../src/machines/team/memberActions.ts'
import { LeavePropertyButton } from '../../src/routes/properties/LeavePropertyButton.tsx'
import { TeamPanel } from '../../src/routes/properties/TeamTab.tsx'
import { walkConfirmedAction } from './confirmedActionWalk.tsx'

const member = (status: TeamMember['status']): TeamMember => ({
  id: 'member-1',
  email: 'sara@example.com',
  role: 'cohost',
  status,
  name: status === 'active' ? 'Sara' : null,
  invitedAt: '2026-03-01T09:00:00.000Z',
  acceptedAt: status === 'active' ? '2026-03-02T09:00:00.000Z' : null,
})

/** The Team tab with one member, its removal's machine given the walk's fakes. */
const teamOf =
  (status: TeamMember['status']) =>
  (implementations: FlowImplementations<typeof removeTeamMemberMachine>) => (
    <TeamPanel
      propertyId="property-1"
      members={[member(status)]}
      invite={() => Promise.reject(new Error('not invited here'))}
      invited={() => {}}
      remove={() => Promise.reject(new Error('the walk provides it'))}
      implementations={{ remove: implementations }}
    />
  )

walkConfirmedAction({
  flow: removeTeamMemberMachine,
  path: '/properties',
  control: teamOf('active'),
  dialogTestId: 'team-remove-dialog',
  openButton: 'Remove',
  title: 'Remove Sara?',
  confirmButton: 'Remove',
  expectClosed: () => expect(screen.getByText('Sara')).toBeTruthy(),
  expectConfirming: (dialog) => expect(dialog.textContent).toContain('Sara will no longer see this property'),
  expectDone: ({ screen: rendered }) => {
    expect(screen.queryByTestId('team-remove-dialog')).toBeNull()
    expect(rendered.notices.at(-1)).toEqual({ kind: 'success', feedback: { key: 'team.removed' } })
  },
})

walkConfirmedAction({
  flow: cancelTeamInvitationMachine,
  path: '/properties',
  control: teamOf('invited'),
  dialogTestId: 'team-cancel-dialog',
  openButton: 'Cancel invitation',
  title: 'Cancel the invitation to sara@example.com?',
  confirmButton: 'Cancel invitation',
  expectClosed: () => expect(screen.getByRole('button', { name: 'Resend' })).toBeTruthy(),
  expectConfirming: (dialog) => expect(dialog.textContent).toContain('stops working at once'),
  expectDone: ({ screen: rendered }) => {
    expect(screen.queryByTestId('team-cancel-dialog')).toBeNull()
    expect(rendered.notices.at(-1)).toEqual({ kind: 'success', feedback: { key: 'team.cancelled' } })
  },
})

let closed = 0
walkConfirmedAction({
  flow: leaveTeamMachine,
  path: '/properties',
  control: (implementations) => (
    <LeavePropertyButton
      propertyId="property-1"
      propertyName="Palm Loft"
      memberId="member-1"
      onLeft={() => closed++}
      implementations={implementations}
    />
  ),
  dialogTestId: 'leave-property-dialog',
  openButton: 'Leave this property',
  title: 'Leave Palm Loft?',
  confirmButton: 'Leave',
  expectClosed: () => expect(screen.getByRole('button', { name: 'Leave this property' })).toBeTruthy(),
  expectConfirming: (dialog) => expect(dialog.textContent).toContain('Its owner can invite you again'),
  expectDone: ({ screen: rendered }) => {
    expect(screen.queryByTestId('leave-property-dialog')).toBeNull()
    expect(rendered.notices.at(-1)).toEqual({ kind: 'success', feedback: { key: 'team.left' } })
    // The editor of a property left is closed.
    expect(closed).toBeGreaterThan(0)
  },
})
