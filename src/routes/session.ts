import { useMutation, useQuery } from '@tanstack/react-query'
import { api, type Profile } from '../actors/api.ts'

export const PROFILE_KEY = ['profile'] as const

/** The signed-in person's profile; an error means nobody is signed in (or the server is down). */
export function useProfile() {
  return useQuery<Profile>({
    queryKey: PROFILE_KEY,
    queryFn: api.user.profile,
    retry: false,
    staleTime: 60_000,
  })
}

/**
 * Signs out and leaves for /login by a full page load, which forgets every cached answer. The
 * cache is not cleared first: that would refetch the profile, and its 401 would race this
 * navigation with one to /login?next=… (the page the person just left on purpose).
 */
export function useLogout() {
  return useMutation({
    mutationFn: api.auth.logout,
    onError: (error) => console.error('Sign-out failed', error),
    onSettled: () => window.location.assign('/login'),
  })
}
