import { useCallback } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useLocation } from 'wouter'
import { api, type Profile } from '../actors/api.ts'
import { ApiError, leaveAfterSignOut } from '../actors/http.ts'

export const PROFILE_KEY = ['profile'] as const

/**
 * Issue 15: a remembered "someone signed in on this browser", so that signed-out pages (/login,
 * /registration, an unknown path) do not ask for the profile, and so log no 401 and no "session
 * may have expired" warning. Set by every profile the server returns (sign-in and registration
 * land on a signed-in page, which loads it); cleared by a 401 and by signing out. The session
 * cookie itself is httpOnly, so the browser cannot read it.
 */
export const SESSION_HINT_KEY = 'manzil.signedIn'

function readHint(): boolean {
  try {
    return localStorage.getItem(SESSION_HINT_KEY) === '1'
  } catch {
    return false
  }
}

function writeHint(signedIn: boolean) {
  try {
    if (signedIn) localStorage.setItem(SESSION_HINT_KEY, '1')
    else localStorage.removeItem(SESSION_HINT_KEY)
  } catch {
    // Storage refused (private mode): public pages then simply never ask.
  }
}

async function loadProfile(): Promise<Profile> {
  try {
    const profile = await api.user.profile()
    writeHint(true)
    return profile
  } catch (failure) {
    if (failure instanceof ApiError && failure.status === 401) writeHint(false)
    throw failure
  }
}

/**
 * The signed-in person's profile; an error means nobody is signed in (or the server is down).
 * `onlyWithSession`: where a session is not expected (public pages, the app-wide stream), the
 * profile is only asked for when this browser has signed in before; it still shows a profile that
 * a signed-in page has loaded.
 */
export function useProfile({ onlyWithSession = false }: { onlyWithSession?: boolean } = {}) {
  return useQuery<Profile>({
    queryKey: PROFILE_KEY,
    queryFn: loadProfile,
    retry: false,
    staleTime: 60_000,
    enabled: !onlyWithSession || readHint(),
  })
}

/**
 * Sign-in and registration end here: the hint is written at once, not when the next page's
 * profile answers, so a reload of /login right after signing in already knows to leave.
 */
export function useArriveSignedIn() {
  const queryClient = useQueryClient()
  const [, navigate] = useLocation()
  return useCallback(
    (destination: string) => {
      writeHint(true)
      void queryClient.invalidateQueries({ queryKey: PROFILE_KEY })
      navigate(destination, { replace: true })
    },
    [queryClient, navigate],
  )
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
    onSettled: () => {
      writeHint(false)
      leaveAfterSignOut()
    },
  })
}
