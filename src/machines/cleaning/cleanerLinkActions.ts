import { confirmedActionMachine } from '../parts/confirmedAction.ts'

/** "Revoke" ends a link after asking: its page and calendar stop working at once. */
export const revokeCleanerLinkMachine = confirmedActionMachine({
  id: 'revokeCleanerLink',
  succeeded: 'turnovers.links.revoked',
  failed: 'turnovers.links.revokeFailed',
})

/**
 * A cleaner's link is a secret that can leak: "New link" gives it a new one after asking, and the
 * old page and calendar stop working at once, so the cleaner needs the new ones.
 */
export const rotateCleanerLinkMachine = confirmedActionMachine({
  id: 'rotateCleanerLink',
  succeeded: 'turnovers.links.rotated',
  failed: 'turnovers.links.rotateFailed',
})
