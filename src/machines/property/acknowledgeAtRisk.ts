import { confirmedActionMachine } from '../parts/confirmedAction.ts'

/**
 * "I closed them": the host says they closed a platform's nights at risk by hand. It asks first,
 * since the nights stop counting as missed; they stay marked until the platform's next import.
 */
export const acknowledgeAtRiskMachine = confirmedActionMachine({
  id: 'acknowledgeAtRisk',
  succeeded: 'atRisk.acknowledged',
  failed: 'atRisk.acknowledgeFailed',
})
