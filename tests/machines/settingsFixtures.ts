import type { Profile } from '../../src/actors/api.ts'
import { SAMPLE_PROFILE } from '../../scripts/machineCatalog.ts'

export const aProfile = (settings: Partial<Profile['settings']> = {}): Profile => ({
  id: 'user-1',
  ...SAMPLE_PROFILE,
  isAdmin: false,
  accountState: 'active',
  settings: { notifications: true, twofactorMode: false, pushGuestNames: false, ...settings },
})
