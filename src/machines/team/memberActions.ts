import { confirmedActionMachine } from '../parts/confirmedAction.ts'

// In the order of their names: the flows' docs list a file's machines so in every runner.

/** "Cancel invitation" after asking: the mailed link stops working at once. */
export const cancelTeamInvitationMachine = confirmedActionMachine({
  id: 'cancelTeamInvitation',
  succeeded: 'team.cancelled',
  failed: 'team.cancelFailed',
})

/** A co-host's "Leave this property" after asking: it leaves their screens and alerts at once. */
export const leaveTeamMachine = confirmedActionMachine({
  id: 'leaveTeam',
  succeeded: 'team.left',
  failed: 'team.leaveFailed',
})

/** "Remove" takes an active member off the team after asking: the property leaves their screens. */
export const removeTeamMemberMachine = confirmedActionMachine({
  id: 'removeTeamMember',
  succeeded: 'team.removed',
  failed: 'team.removeFailed',
})
