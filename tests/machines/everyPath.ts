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
  options: { events: readonly EventFromLogic<TMachine>[]; input?: InputFrom<TMachine> },
): MachinePath<TMachine>[] {
  type Path = MachinePath<TMachine>
  const shortest = new Map(
    getShortestPaths(machine, options).map((path) => [serializeSnapshot(path.state), path as Path]),
  )
  const returning: Path[] = []
  for (const { state, event, nextState } of adjacencyMapToArray(getAdjacencyMap(machine, options))) {
    const toSource = shortest.get(serializeSnapshot(state))
    if (!toSource || serializeSnapshot(nextState) === serializeSnapshot(state)) continue
    returning.push({ steps: [...toSource.steps, { event }], state: nextState as SnapshotFrom<TMachine> })
  }
  const unique = new Map<string, Path>()
  for (const path of [...(getSimplePaths(machine, options) as Path[]), ...returning])
    unique.set(path.steps.map((step) => JSON.stringify(step.event)).join(' → '), path)
  return [...unique.values()]
}
