import { expect } from 'vitest'
import { ownThreadId, threadCpuMs } from '../../server/sync/threadTime.ts'

/** What the server's thread did while one /api/health waited: wall time, and its own CPU time. */
export type HealthWait = { wallMs: number; ownMs: number | null }

/**
 * Asks /api/health of a server that runs on this thread (`ask` answers its status) and times the
 * answer both ways.
 */
export async function timedHealth(ask: () => Promise<number>): Promise<HealthWait> {
  const thread = ownThreadId()
  const ownTime = () => (thread === null ? null : threadCpuMs(thread))
  const asked = performance.now()
  const ownAtAsk = ownTime()
  expect(await ask()).toBe(200)
  const ownAtAnswer = ownTime()
  return {
    wallMs: performance.now() - asked,
    ownMs: ownAtAsk === null || ownAtAnswer === null ? null : ownAtAnswer - ownAtAsk,
  }
}

/**
 * How long the server's own work held an answer: the thread's CPU time where the kernel tells it,
 * since on a shared two-core test machine the wall time also counts other processes' turns on the
 * processor (other suites, PostgreSQL), which no code of the server can shorten.
 */
export const heldMs = (wait: HealthWait) => wait.ownMs ?? wait.wallMs

/** The longest of `waits` as `heldMs` counts it, with the longest wall time for the record. */
export const longestWait = (waits: HealthWait[]) => ({
  heldMs: Math.max(...waits.map(heldMs)),
  wallMs: Math.max(...waits.map((wait) => wait.wallMs)),
})
