import { useCallback, useSyncExternalStore } from 'react'

/** At 768 px or less the interface takes its phone-sized form (docs/product.md §9). */
export const PHONE_QUERY = '(max-width: 768px)'

/** Tailwind's `md:` and up, in its own terms (so the two agree at exactly 768 px). */
export const MD_UP_QUERY = '(width >= 48rem)'

/** Whether the viewport matches `query`, following it as the window is resized. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    [query],
  )
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches)
}
