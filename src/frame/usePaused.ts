import { useEffect, useState } from 'react'

/** Typing pauses this long before a search is asked for. */
const SEARCH_PAUSE_MS = 250

/** The text as it was once typing paused. */
export function usePaused(text: string): string {
  const [paused, setPaused] = useState(text)
  useEffect(() => {
    const timer = setTimeout(() => setPaused(text), SEARCH_PAUSE_MS)
    return () => clearTimeout(timer)
  }, [text])
  return paused
}
