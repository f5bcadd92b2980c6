import { useMachine } from '@xstate/react'
import type { ActorOptions, AnyStateMachine, InspectionEvent, Observer } from 'xstate'
import type { Implementations } from '../machines/parts/routeMachine.ts'

/** What a route's `implementations` prop may replace in its `routeMachine`: a test hands fakes in this way. */
export type FlowImplementations<TFlow extends { definition: AnyStateMachine }> = Implementations<
  TFlow['definition']
>

let inspect: Observer<InspectionEvent> | undefined

/**
 * Development only: with `?inspect` in the address, every flow started through `useFlow` reports
 * to the Stately inspector, so a designer can watch it live. The import sits behind
 * `import.meta.env.DEV`, so the production build drops it. Call before the first render.
 */
export async function connectInspector() {
  if (!import.meta.env.DEV || !new URLSearchParams(window.location.search).has('inspect')) return
  const { createBrowserInspector } = await import('@statelyai/inspect')
  inspect = createBrowserInspector().inspect
}

/** `useMachine`, watched by the inspector when it is connected. */
export function useFlow<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options?: ActorOptions<TMachine>,
) {
  // xstate's conditional parameter type cannot see that a generic machine's required input is
  // among the caller's options; typed loosely here, the caller gets its machine's types back.
  return useMachine(machine as AnyStateMachine, { ...options, inspect }) as ReturnType<
    typeof useMachine<TMachine>
  >
}
