import { confirmedActionMachine } from '../parts/confirmedAction.ts'

/**
 * Deleting one's own account asks for a confirmation (no reason), which opens by
 * choice and closes on cancel; once the account is gone the person is signed out.
 */
export const deleteAccountMachine = confirmedActionMachine({
  id: 'deleteAccount',
  succeeded: 'settings.deleted',
  failed: 'settings.deleteFailed',
})
