import { useCallback, useEffect, useState } from 'react'

/**
 * Whole seconds left until a wait ends, ticking down once a second; 0 when none is running.
 * `start(seconds)` begins (or replaces) the wait.
 */
export function useCountdown() {
  const [deadline, setDeadline] = useState<number | null>(null)
  const [secondsLeft, setSecondsLeft] = useState(0)

  useEffect(() => {
    if (deadline === null) return
    const timer = setInterval(() => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000))
      setSecondsLeft(left)
      if (left === 0) setDeadline(null)
    }, 1000)
    return () => clearInterval(timer)
  }, [deadline])

  const start = useCallback((seconds: number) => {
    setDeadline(Date.now() + seconds * 1000)
    setSecondsLeft(seconds)
  }, [])

  return { secondsLeft, start }
}

/** Whole seconds left until `time` (epoch ms), ticking down once a second; 0 without one. */
export function useSecondsUntil(time: number | undefined) {
  const { secondsLeft, start } = useCountdown()
  useEffect(() => {
    start(time === undefined ? 0 : Math.max(0, Math.ceil((time - Date.now()) / 1000)))
  }, [time, start])
  return secondsLeft
}
