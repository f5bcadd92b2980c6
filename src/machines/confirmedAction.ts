import {
  assign,
  fromPromise,
  setup,
  type AnyActorRef,
  type EventObject,
  type MetaObject,
  type NonReducibleUnknown,
  type PromiseActorLogic,
  type StateMachine,
  type StateSchema,
} from 'xstate'
import { failureFrom, type Feedback, type Notice } from './feedback.ts'

type Context = { error?: Feedback }
type Events = { type: 'open' } | { type: 'confirm' } | { type: 'cancel' }

type Options<TId extends string, TRunning extends string, TFinal extends string> = {
  /** The machine's id, and the name of the actor the route provides to do the work. */
  id: TId
  /** The state while the work runs ("rotating", "deleting"). */
  running: TRunning
  /** Locale keys: the toast once it is done, the message when it failed. */
  succeeded: string
  failed: string
  /** The final state once it is done; without one, the confirmation closes and can open again. */
  final?: TFinal
}

/** The machine's type as xstate would infer it for one written out with these names. */
type ConfirmedActionMachine<TId extends string, TState extends string> = StateMachine<
  Context,
  Events,
  Record<string, AnyActorRef | undefined>,
  { src: TId; logic: PromiseActorLogic<unknown, void>; id: string | undefined },
  { type: 'notify'; params: Notice },
  never,
  never,
  TState,
  string,
  NonReducibleUnknown,
  NonReducibleUnknown,
  EventObject,
  MetaObject,
  StateSchema
>

/**
 * A step that asks first: `open` shows the confirmation, `cancel` closes it, `confirm` runs the
 * work (the actor named `id`, provided by the route). A failure goes back to the confirmation
 * and says why; a success says so and closes, or ends in the `final` state.
 */
export function confirmedActionMachine<
  const TId extends string,
  const TRunning extends string,
  const TFinal extends string = never,
>({ id, running, succeeded, failed, final }: Options<TId, TRunning, TFinal>) {
  const failure = (error: unknown) => failureFrom(failed, error)
  const placeholder = fromPromise<unknown, void>(async () => {
    throw new Error('provided by the route')
  })
  const machine = setup({
    types: {} as { context: Context; events: Events },
    // Written for any name (the generic one cannot be checked here); the return type names it.
    actors: { [id as string]: placeholder },
    actions: {
      notify: (_, _notice: Notice) => {},
    },
  }).createMachine({
    id,
    initial: 'closed',
    context: {},
    states: {
      closed: {
        on: { open: 'confirming' },
      },
      confirming: {
        on: {
          confirm: { target: running, actions: assign({ error: undefined }) },
          cancel: { target: 'closed', actions: assign({ error: undefined }) },
        },
      },
      [running]: {
        invoke: {
          id,
          src: id as string,
          onDone: {
            target: final ?? 'closed',
            actions: { type: 'notify', params: { kind: 'success', feedback: { key: succeeded } } },
          },
          onError: {
            target: 'confirming',
            actions: [
              assign({ error: ({ event }) => failure(event.error) }),
              { type: 'notify', params: ({ event }) => ({ kind: 'error', feedback: failure(event.error) }) },
            ],
          },
        },
      },
      ...(final === undefined ? {} : { [final]: { type: 'final' } }),
    },
  })
  return machine as unknown as ConfirmedActionMachine<TId, 'closed' | 'confirming' | TRunning | TFinal>
}
