import { useQueryClient } from '@tanstack/react-query'
import type { Profile } from '../../actors/api.ts'
import { PROFILE_KEY } from '../../frame/session.ts'

type ProfileChange = Partial<Omit<Profile, 'settings'>> & { settings?: Partial<Profile['settings']> }

/** Keeps the signed-in profile (header, menus) in step with what a settings flow saved. */
export function useProfileUpdater() {
  const queryClient = useQueryClient()
  return ({ settings, ...fields }: ProfileChange) =>
    queryClient.setQueryData<Profile>(
      PROFILE_KEY,
      (profile) => profile && { ...profile, ...fields, settings: { ...profile.settings, ...settings } },
    )
}
