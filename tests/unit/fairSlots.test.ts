import { describe, expect, it } from 'vitest'
import { createFairSlots, inTurns } from '../../server/sync/fairSlots.ts'

/** Slots whose tasks run until the test ends them, and the order in which they started. */
function slotsUnderTest(size: number, perOwner?: number) {
  const slots = createFairSlots(size, perOwner)
  const started: string[] = []
  const running = new Map<string, () => void>()
  const settle = () => new Promise((resolve) => setImmediate(resolve))
  return {
    started,
    /** Queues a task named `name` for `owner`; it runs until `end(name)`. */
    add(owner: string, name: string) {
      void slots.run(owner, () => {
        started.push(name)
        return new Promise<void>((resolve) => running.set(name, resolve))
      })
    },
    async end(name: string) {
      running.get(name)!()
      running.delete(name)
      await settle()
    },
    running: async () => {
      await settle()
      return [...running.keys()]
    },
    waitingOwners: () => slots.waitingOwners(),
  }
}

describe('fair fetch slots', () => {
  it('lets an account alone use every slot, and starts its tasks in order', async () => {
    const slots = slotsUnderTest(3)
    for (const name of ['a1', 'a2', 'a3', 'a4', 'a5']) slots.add('a', name)
    expect(await slots.running()).toEqual(['a1', 'a2', 'a3'])
    await slots.end('a2')
    expect(await slots.running()).toEqual(['a1', 'a3', 'a4'])
    expect(slots.waitingOwners()).toEqual(['a'])
    await slots.end('a1')
    expect(slots.started).toEqual(['a1', 'a2', 'a3', 'a4', 'a5'])
    expect(slots.waitingOwners()).toEqual([])
  })

  it('gives accounts holding as many slots turns in the order they came', async () => {
    const slots = slotsUnderTest(1)
    slots.add('z', 'z1')
    for (const name of ['a1', 'a2', 'a3']) slots.add('a', name)
    for (const name of ['b1', 'b2', 'b3']) slots.add('b', name)
    slots.add('c', 'c1')
    expect(await slots.running()).toEqual(['z1'])
    for (const name of ['z1', 'a1', 'b1', 'c1', 'a2', 'b2', 'a3']) await slots.end(name)
    expect(slots.started).toEqual(['z1', 'a1', 'b1', 'c1', 'a2', 'b2', 'a3', 'b3'])
  })

  it("gives each slot that frees to a waiting account holding fewer, whatever another's backlog", async () => {
    const slots = slotsUnderTest(4)
    for (let index = 1; index <= 100; index++) slots.add('a', `a${index}`)
    expect(await slots.running()).toEqual(['a1', 'a2', 'a3', 'a4'])
    for (const name of ['b1', 'b2', 'b3']) slots.add('b', name)
    await slots.end('a1')
    expect(await slots.running()).toEqual(['a2', 'a3', 'a4', 'b1'])
    await slots.end('a2')
    expect(await slots.running()).toEqual(['a3', 'a4', 'b1', 'b2'])
    // Two each: a slot that frees goes back to the account that had it.
    await slots.end('b1')
    expect(await slots.running()).toEqual(['a3', 'a4', 'b2', 'b3'])
    await slots.end('a3')
    expect(await slots.running()).toEqual(['a4', 'b2', 'b3', 'a5'])
  })

  it('holds no more than its share of slots for one account, and keeps the rest free', async () => {
    const slots = slotsUnderTest(4, 2)
    for (const name of ['a1', 'a2', 'a3', 'a4']) slots.add('a', name)
    expect(await slots.running()).toEqual(['a1', 'a2'])
    slots.add('b', 'b1')
    expect(await slots.running()).toEqual(['a1', 'a2', 'b1'])
    await slots.end('a1')
    expect(await slots.running()).toEqual(['a2', 'b1', 'a3'])
    expect(slots.waitingOwners()).toEqual(['a'])
  })

  it('frees the slot of a task that fails, and passes the failure on', async () => {
    const slots = createFairSlots(1)
    await expect(slots.run('a', () => Promise.reject(new Error('feed exploded')))).rejects.toThrow(
      'feed exploded',
    )
    await expect(slots.run('b', () => Promise.resolve('next'))).resolves.toBe('next')
  })
})

describe("due calendars in their owners' turns", () => {
  const owner = (calendar: { owner_id: string }) => calendar.owner_id
  it("puts every account's first before any account's second, each account's in its own order", () => {
    const due = ['a1', 'a2', 'a3', 'a4', 'b1', 'c1', 'b2'].map((id) => ({ id, owner_id: id[0]! }))
    expect(inTurns(due, owner).map((calendar) => calendar.id)).toEqual([
      'a1',
      'b1',
      'c1',
      'a2',
      'b2',
      'a3',
      'a4',
    ])
    expect(inTurns(due, owner, 1).map((calendar) => calendar.id)).toEqual([
      'b1',
      'c1',
      'a1',
      'b2',
      'a2',
      'a3',
      'a4',
    ])
    expect(inTurns(due, owner, 5).map((calendar) => calendar.id)).toEqual([
      'c1',
      'a1',
      'b1',
      'a2',
      'b2',
      'a3',
      'a4',
    ])
    expect(inTurns([], owner)).toEqual([])
    expect(inTurns([], owner, 3)).toEqual([])
  })
})
