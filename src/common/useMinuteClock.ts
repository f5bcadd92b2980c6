import { useEffect, useState } from 'react'

const MINUTE_MS = 60_000

/** The time now, moved on each minute, so that "5 minutes ago" ages while a screen stays open. */
export function useMinuteClock() {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), MINUTE_MS)
    return () => clearInterval(timer)
  }, [])
  return now
}
