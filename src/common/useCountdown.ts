import { useEffect, useState } from 'react'

/**
 * Whole seconds left until `time` (epoch ms), ticking down once a second; 0 without one or once
 * it has passed. `atMost` caps the count: a wait of that many seconds never shows more, even on
 * the render before the first tick, whose clock reading may be older than the wait.
 */
export function useSecondsUntil(time: number | undefined, atMost = Infinity) {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (time === undefined) return
    const tick = () => {
      const current = Date.now()
      setNow(current)
      if (current >= time) clearInterval(timer)
    }
    // The clock read when the hook first rendered may be long past: read it again at once.
    const first = setTimeout(tick, 0)
    const timer = setInterval(tick, 1000)
    return () => {
      clearTimeout(first)
      clearInterval(timer)
    }
  }, [time])
  return time === undefined ? 0 : Math.max(0, Math.min(atMost, Math.ceil((time - now) / 1000)))
}
