import { startTransition, useEffect, useState, type ReactNode } from 'react'

/**
 * What a screen shows below its first view, drawn once the first view has been painted.
 * On a phone the dashboard's lower sections are out of sight at first, yet drawing and laying
 * them out held its first paint back; they now follow in a transition, which React does in slices
 * between frames. Nothing above them moves when they arrive.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [painted, setPainted] = useState(false)
  useEffect(() => {
    let timeout: ReturnType<typeof setTimeout> | undefined
    // An animation frame runs just before the browser paints; a task queued from it, just after.
    const frame = requestAnimationFrame(() => {
      timeout = setTimeout(() => startTransition(() => setPainted(true)))
    })
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timeout)
    }
  }, [])
  return painted ? children : null
}
