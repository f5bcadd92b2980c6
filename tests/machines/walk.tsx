import { act } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type {
  AnyMachineSnapshot,
  AnyStateMachine,
  AnyStateNode,
  EventFrom,
  EventObject,
  SnapshotFrom,
} from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import { MACHINE_CATALOG, serializeState, type Variant } from '../../scripts/machineCatalog.ts'

type Call = {
  id: string
  input: unknown
  resolve: (output: unknown) => void
  reject: (error: unknown) => void
}

/** Fake promise actors: each call waits until the test settles it, as the graph's path says. */
export class PendingCalls {
  private waiting: Call[] = []
  readonly calls: { id: string; input: unknown }[] = []

  add<TOutput>(id: string, input?: unknown): Promise<TOutput> {
    this.calls.push({ id, input })
    return new Promise<TOutput>((resolve, reject) =>
      this.waiting.push({ id, input, resolve: (output) => resolve(output as TOutput), reject }),
    )
  }

  lastInput(id: string) {
    return this.calls.filter((call) => call.id === id).at(-1)?.input
  }

  async settle(event: EventObject & { output?: unknown; error?: unknown }) {
    const [, outcome, id] = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type) ?? []
    const index = this.waiting.findIndex((call) => call.id === id)
    if (index < 0) throw new Error(`nothing is waiting for ${id}`)
    const [call] = this.waiting.splice(index, 1)
    await act(async () => (outcome === 'done' ? call!.resolve(event.output) : call!.reject(event.error)))
  }
}

/** Every state a machine can be in, by its dotted name. */
export function leafStates(machine: AnyStateMachine): string[] {
  const leaves = (node: AnyStateNode): string[] => {
    const children = Object.values(node.states) as AnyStateNode[]
    return children.length ? children.flatMap(leaves) : [node.path.join('.')]
  }
  return leaves(machine.root).sort()
}

/** A state value's leaf states by dotted name ('editing.saving'), as `stateName` writes them. */
type Dotted<TValue> = TValue extends string
  ? TValue
  : { [K in keyof TValue & string]: `${K}.${Dotted<NonNullable<TValue[K]>>}` }[keyof TValue & string]

/** Every leaf state of a machine by its dotted name, inferred from the machine. */
export type StateName<TMachine extends AnyStateMachine> = Dotted<SnapshotFrom<TMachine>['value']>

export const stateName = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : Object.entries(value as Record<string, unknown>)
        .map(([key, child]) => `${key}.${stateName(child)}`)
        .join(',')

export type Walk<TScreen> = {
  screen: TScreen
  user: UserEvent
  snapshot: AnyMachineSnapshot
  variant: Variant
}

type Model<TScreen, TMachine extends AnyStateMachine> = {
  machine: TMachine
  /** Renders the real route or view with fake actors that answer through `pending`. */
  render: (pending: PendingCalls, variant: Variant) => Promise<TScreen>
  /** Does, through the screen, what a person's event says. */
  perform: (event: EventFrom<TMachine>, walk: Omit<Walk<TScreen>, 'snapshot'>) => Promise<unknown>
  /** One entry per state: what the screen shows there. A state without an entry fails. */
  expectScreen: Record<string, (walk: Walk<TScreen> & { pending: PendingCalls }) => void | Promise<void>>
}

/**
 * The model-based test: walks every shortest path of the machine's graph (with the catalog's
 * sample events), replays it on the real screen, and checks the screen of the state it reaches.
 */
export function walkMachine<TScreen, TMachine extends AnyStateMachine>({
  machine,
  render,
  perform,
  expectScreen,
}: Model<TScreen, TMachine>) {
  const entry = MACHINE_CATALOG.find((candidate) => candidate.machine === machine)
  if (!entry) throw new Error(`${machine.id} has no sample events in scripts/machineCatalog.ts`)
  const walks = entry.variants.map((variant) => ({
    variant,
    paths: getShortestPaths(machine, { events: variant.events, input: variant.input, serializeState }),
  }))

  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  describe(`the ${machine.id} flow`, () => {
    it('has a screen for every state, and its paths reach them all', () => {
      const states = leafStates(machine)
      expect(Object.keys(expectScreen).sort(), 'states without a screen expectation').toEqual(states)
      const reached = new Set(walks.flatMap(({ paths }) => paths.map((path) => stateName(path.state.value))))
      expect([...reached].sort(), 'states no sample event reaches').toEqual(states)
    })

    for (const { variant, paths } of walks) {
      describe(variant.name, () => {
        for (const path of paths) {
          const steps = path.steps.slice(1).map((step) => step.event)
          const name = stateName(path.state.value)
          it(`shows ${serializeState(path.state)} after ${steps.map((event) => event.type).join(' → ') || 'nothing'}`, async () => {
            const pending = new PendingCalls()
            const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
            const screen = await render(pending, variant)
            for (const event of steps) {
              const delay = /^xstate\.after\.([^.]+)\./.exec(event.type)?.[1]
              if (delay !== undefined) {
                const ms = machine.implementations.delays[delay]
                if (typeof ms !== 'number') throw new Error(`no fixed delay ${delay}`)
                await act(async () => vi.advanceTimersByTimeAsync(ms))
              } else if (event.type.startsWith('xstate.')) await pending.settle(event)
              // Only a person's events are left: the system's all start with `xstate.`.
              else await perform(event as EventFrom<TMachine>, { screen, user, variant })
            }
            const expectation = expectScreen[name]
            expect(expectation, `no screen expectation for ${name}`).toBeTypeOf('function')
            await expectation!({ screen, user, variant, snapshot: path.state, pending })
          })
        }
      })
    }
  })
}

/** The `default` of a `perform` switch: a new event type fails to compile until it can be performed. */
export function noWayToPerform(event: never): never {
  throw new Error(`no way to perform ${JSON.stringify(event)}`)
}
