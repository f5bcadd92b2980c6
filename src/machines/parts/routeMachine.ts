import { fromPromise, type AnyStateMachine, type MachineImplementationsFrom } from 'xstate'

/** What `.provide()` takes for a machine: actors, actions, guards and delays, each optional. */
export type Implementations<TMachine extends AnyStateMachine> = MachineImplementationsFrom<TMachine>

/** Every actor a machine invokes, none optional, each with the input and output the machine reads. */
export type RouteActors<TMachine extends AnyStateMachine> = Required<
  NonNullable<Implementations<TMachine>['actors']>
>

/**
 * Stands in, in a machine's `setup`, for a call its route makes (machines never import the API
 * client): it gives the machine the call's input and output types. `routeMachine` makes the route
 * replace it, so it never runs.
 */
export const routeActor = <TOutput, TInput>() =>
  fromPromise<TOutput, TInput>(() => Promise.reject(new Error('provided by the route')))

/**
 * A machine that runs only with its route's actors. Called with every one of them (a route that
 * forgets one does not compile) and any other implementations, it returns the machine ready to
 * run; a test hands fakes in the same way. `definition` is the machine as written, with its
 * stand-ins, for walking its graph and writing its docs, never for running.
 */
export function routeMachine<TMachine extends AnyStateMachine>(definition: TMachine) {
  const withActors = (implementations: Implementations<TMachine> & { actors: RouteActors<TMachine> }) =>
    // `provide` of a machine whose type is a parameter is typed for any machine; it returns
    // the same machine with other implementations, so of the same type.
    definition.provide(implementations) as TMachine
  return Object.assign(withActors, { definition })
}
