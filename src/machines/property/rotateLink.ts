import { confirmedActionMachine } from '../parts/confirmedAction.ts'

/**
 * A calendar link is a secret a platform keeps importing, so replacing it asks first
 * and says that the platform must be given the new one; the old one stops working at once.
 */
export const rotateLinkMachine = confirmedActionMachine({
  id: 'rotateLink',
  succeeded: 'property.linkRotated',
  failed: 'property.rotateFailed',
})
