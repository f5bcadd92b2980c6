/**
 * Runs tasks at most `size` at a time, shared fairly between owners (accounts). A slot that frees
 * goes to the waiting owner that holds the fewest slots; owners holding as many take turns, and
 * one owner's tasks start in the order they came. An owner alone may hold every slot, so nothing
 * idles, but from the moment another owner waits, each slot that frees goes to it until it holds
 * as many: a backlog of one account delays another's first sync by one sync at most. `perOwner`
 * caps the slots one owner holds, where a task may take long (a push to an endpoint that hangs
 * until its deadline): the other slots stay free for the next owner's first task.
 */
export function createFairSlots(size: number, perOwner = size) {
  /** Each waiting owner's tasks in order; the map's order is the owners' turn order. */
  const waiting = new Map<string, Array<() => void>>()
  const held = new Map<string, number>()
  let free = size

  function startNext() {
    while (free > 0 && waiting.size > 0) {
      let next: string | undefined
      let fewest = Infinity
      for (const owner of waiting.keys()) {
        const holds = held.get(owner) ?? 0
        if (holds < fewest && holds < perOwner) [next, fewest] = [owner, holds]
      }
      // Every waiting owner holds its share: they wait for one of their own to free.
      if (next === undefined) return
      const owner = next
      const queue = waiting.get(owner)!
      const start = queue.shift()!
      // Served: to the back of the turn order, or out of it with nothing left to wait for.
      waiting.delete(owner)
      if (queue.length > 0) waiting.set(owner, queue)
      held.set(owner, fewest + 1)
      free--
      start()
    }
  }

  function release(owner: string) {
    const holds = held.get(owner)! - 1
    if (holds === 0) held.delete(owner)
    else held.set(owner, holds)
    free++
    startNext()
  }

  return {
    /** Runs `task` in one of `owner`'s turns; resolves or rejects as the task does. */
    async run<T>(owner: string, task: () => Promise<T>): Promise<T> {
      await new Promise<void>((start) => {
        const queue = waiting.get(owner)
        if (queue) queue.push(start)
        else waiting.set(owner, [start])
        startNext()
      })
      try {
        return await task()
      } finally {
        release(owner)
      }
    },
    /** The owners with a task waiting for a slot. */
    waitingOwners: () => [...waiting.keys()],
  }
}

/**
 * Puts items in turns of their owners (an account, a property: `ownerOf`): every owner's first,
 * then every owner's second, and so on, the owners in the order of their first items, starting
 * from the `firstOwner`th of them (and round to those before it); each owner's items keep their
 * order.
 */
export function inTurns<T>(items: readonly T[], ownerOf: (item: T) => string, firstOwner = 0): T[] {
  const byOwner = new Map<string, T[]>()
  for (const item of items) {
    const owner = ownerOf(item)
    const own = byOwner.get(owner)
    if (own) own.push(item)
    else byOwner.set(owner, [item])
  }
  const turns: T[] = []
  const listed = [...byOwner.values()]
  const start = listed.length === 0 ? 0 : firstOwner % listed.length
  let owners = [...listed.slice(start), ...listed.slice(0, start)]
  for (let turn = 0; owners.length > 0; turn++) {
    for (const own of owners) turns.push(own[turn]!)
    owners = owners.filter((own) => own.length > turn + 1)
  }
  return turns
}
