import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
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

/** Signs out, forgets every cached answer and leaves for /login. */
export function useLogout() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: api.auth.logout,
    onError: (error) => console.error('Sign-out failed', error),
    onSettled: () => {
      queryClient.clear()
      window.location.assign('/login')
    },
  })
}
