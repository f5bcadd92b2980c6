import { useMutation, useQuery } from '@tanstack/react-query'
import { api, type Profile } from '../actors/api.ts'
import { ApiError, leaveAfterSignOut } from '../actors/http.ts'
import { readHint, writeHint } from '../common/sessionHint.ts'

export const PROFILE_KEY = ['profile'] as const

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

export const profileQuery = { queryKey: PROFILE_KEY, queryFn: loadProfile, retry: false, staleTime: 60_000 }

/**
 * The signed-in person's profile; an error means nobody is signed in (or the server is down).
 * `onlyWithSession`: where a session is not expected (public pages, the app-wide stream), the
 * profile is only asked for when this browser has signed in before; it still shows a profile that
 * a signed-in page has loaded.
 */
export function useProfile({ onlyWithSession = false }: { onlyWithSession?: boolean } = {}) {
  return useQuery<Profile>({ ...profileQuery, enabled: !onlyWithSession || readHint() })
}

/**
 * Signs out and leaves for /login by a full page load, which forgets every cached answer. The
 * cache is not cleared first: that would refetch the profile, and its 401 would race this
 * navigation with one to /login?next=… (the page the person just left on purpose).
 */
export function useLogout() {
  return useMutation({
    mutationFn: async () => {
      // A shared computer stops showing the host's alerts once they sign out; loaded only now.
      const [{ disableDeviceAlerts }, { pushApi }] = await Promise.all([
        import('../features/push/devicePush.ts'),
        import('../actors/pushApi.ts'),
      ])
      await disableDeviceAlerts(pushApi.unsubscribe).catch((error: unknown) =>
        console.error('Ending this device’s alerts failed', error),
      )
      return api.auth.logout()
    },
    onError: (error) => console.error('Sign-out failed', error),
    onSettled: () => {
      writeHint(false)
      leaveAfterSignOut()
    },
  })
}
