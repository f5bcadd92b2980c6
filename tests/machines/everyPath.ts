import type { AnyStateMachine, EventFromLogic, InputFrom, SnapshotFrom } from 'xstate'
import {
  adjacencyMapToArray,
  getAdjacencyMap,
  getShortestPaths,
  getSimplePaths,
  serializeSnapshot,
} from 'xstate/graph'

export type MachinePath<TMachine extends AnyStateMachine> = {
  /** The first step is the machine starting (`xstate.init`). */
  steps: { event: EventFromLogic<TMachine> | { type: 'xstate.init' } }[]
  state: SnapshotFrom<TMachine>
}

/**
 * Every simple path of `machine`, plus one path for each transition that no simple path can take
 * because it returns to a state already visited (a failed request, a cancelled confirmation):
 * the shortest way to its source state, then that transition.
 */
export function everyPath<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: {
    /** The events to try, or in each state the events the screen can send there. */
    events:
      | readonly EventFromLogic<TMachine>[]
      | ((state: ReturnType<TMachine['transition']>) => readonly EventFromLogic<TMachine>[])
    input?: InputFrom<TMachine>
    /**
     * What makes two snapshots the same state for the walk; by default the whole snapshot. A
     * machine whose context keeps what the screen already shows alike can leave it out.
     */
    serializeState?: (state: SnapshotFrom<TMachine>) => string
  },
): MachinePath<TMachine>[] {
  type Path = MachinePath<TMachine>
  const { events, serializeState = serializeSnapshot } = options
  const serialize = (state: unknown) => serializeState(state as SnapshotFrom<TMachine>)
  const traversal = {
    ...options,
    serializeState: serialize,
    events: (state: unknown) =>
      typeof events === 'function' ? events(state as ReturnType<TMachine['transition']>) : events,
  }
  const shortest = new Map(
    getShortestPaths(machine, traversal).map((path) => [serialize(path.state), path as Path]),
  )
  const returning: Path[] = []
  for (const { state, event, nextState } of adjacencyMapToArray(getAdjacencyMap(machine, traversal))) {
    const toSource = shortest.get(serialize(state))
    if (!toSource || serialize(nextState) === serialize(state)) continue
    returning.push({ steps: [...toSource.steps, { event }], state: nextState as SnapshotFrom<TMachine> })
  }
  const unique = new Map<string, Path>()
  for (const path of [...(getSimplePaths(machine, traversal) as Path[]), ...returning])
    unique.set(path.steps.map((step) => JSON.stringify(step.event)).join(' → '), path)
  return [...unique.values()]
}
