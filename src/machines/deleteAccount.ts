import { confirmedActionMachine } from './confirmedAction.ts'

export type DeleteAccountState = 'closed' | 'confirming' | 'deleting' | 'deleted'

/**
 * Deleting one's own account asks for a confirmation (no reason), which opens by
 * choice and closes on cancel; once the account is gone the person is signed out.
 */
export const deleteAccountMachine = confirmedActionMachine({
  id: 'deleteAccount',
  running: 'deleting',
  succeeded: 'settings.deleted',
  failed: 'settings.deleteFailed',
  final: 'deleted',
})
