import { expect, it } from 'vitest'
import { loopPauses } from '../../server/eventLoop.ts'

const holdLoopFor = (ms: number) => {
  const until = performance.now() + ms
  while (performance.now() < until);
}

it('gives the loop back once the task has held it its share, and not before', async () => {
  const pause = loopPauses(20)
  let turns = 0
  const countTurns = () => {
    turns++
    if (turns < 100) setImmediate(countTurns)
  }
  setImmediate(countTurns)
  await pause()
  expect(turns).toBe(0)
  holdLoopFor(25)
  await pause()
  expect(turns).toBe(1)
  // The share is counted again from the pause.
  await pause()
  expect(turns).toBe(1)
})

it('pauses a long loop of cheap steps by the time they hold, not by their count', async () => {
  const pause = loopPauses(5)
  let turns = 0
  let counting = true
  const countTurns = () => {
    turns++
    if (counting) setImmediate(countTurns)
  }
  setImmediate(countTurns)
  for (let step = 0; step < 50; step++) {
    await pause()
    holdLoopFor(1)
  }
  counting = false
  // 50 ms held in 5 ms shares: about ten turns, whatever the number of steps.
  expect(turns).toBeGreaterThanOrEqual(5)
  expect(turns).toBeLessThanOrEqual(11)
})
