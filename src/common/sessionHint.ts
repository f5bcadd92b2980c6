import { useCallback, useSyncExternalStore } from 'react'
import { useLocation } from 'wouter'
import { SESSION_HINT_KEY } from '../boot/storageKeys.ts'

/**
 * A remembered "someone signed in on this browser", so that signed-out pages (/login,
 * /registration, an unknown path) do not ask for the profile, and so log no 401 and no "session
 * may have expired" warning. Set by every profile the server returns and at once by signing in;
 * cleared by a 401 and by signing out. The session cookie itself is httpOnly, so the browser
 * cannot read it. It also decides whether a public page loads the signed-in code at all.
 */
export { SESSION_HINT_KEY }

export function readHint(): boolean {
  try {
    return localStorage.getItem(SESSION_HINT_KEY) === '1'
  } catch {
    return false
  }
}

const listeners = new Set<() => void>()

export function writeHint(signedIn: boolean) {
  try {
    if (signedIn) localStorage.setItem(SESSION_HINT_KEY, '1')
    else localStorage.removeItem(SESSION_HINT_KEY)
  } catch {
    // Storage refused (private mode): public pages then simply never ask.
  }
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The hint, re-read whenever this page writes it (a profile answering, signing in or out). */
export function useSessionHint(): boolean {
  return useSyncExternalStore(subscribe, readHint, () => false)
}

/**
 * Sign-in and registration end here: the hint is written at once, not when the next page's
 * profile answers, so a reload of /login right after signing in already knows to leave. No
 * profile is cleared: none was loaded while signed out, and a failed one is asked for again when
 * the signed-in page mounts (a query without data always loads on mount).
 */
export function useArriveSignedIn() {
  const [, navigate] = useLocation()
  return useCallback(
    (destination: string) => {
      writeHint(true)
      navigate(destination, { replace: true })
    },
    [navigate],
  )
}
