import { assign, setup, type StateValueFrom } from 'xstate'
import { failureFrom, type Feedback, type Notice } from './feedback.ts'
import { routeActor, routeMachine } from './routeMachine.ts'

type Context = { error?: Feedback }
type Events = { type: 'open' } | { type: 'confirm' } | { type: 'cancel' }

type Options = {
  /** The machine's name, in its docs and the inspector. */
  id: string
  /** Locale keys: the toast once it is done, the message when it failed. */
  succeeded: string
  failed: string
}

/**
 * A step that asks first: `open` shows the confirmation, `cancel` closes it, `confirm` runs the
 * work (the `perform` actor the route provides). A failure goes back to the confirmation and says
 * why; a success says so and closes it, in `done`, from which it can open again. A route whose
 * work ends the screen (a deleted account) leaves once it is `done`.
 */
export function confirmedActionMachine({ id, succeeded, failed }: Options) {
  const failure = (error: unknown) => failureFrom(failed, error)
  return routeMachine(
    setup({
      types: {} as { context: Context; events: Events },
      actors: { perform: routeActor<unknown, void>() },
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
            confirm: { target: 'performing', actions: assign({ error: undefined }) },
            cancel: { target: 'closed', actions: assign({ error: undefined }) },
          },
        },
        performing: {
          invoke: {
            // Named as the machine, so its docs say what succeeded or failed.
            id,
            src: 'perform',
            onDone: {
              target: 'done',
              actions: { type: 'notify', params: { kind: 'success', feedback: { key: succeeded } } },
            },
            onError: {
              target: 'confirming',
              actions: [
                assign({ error: ({ event }) => failure(event.error) }),
                {
                  type: 'notify',
                  params: ({ event }) => ({ kind: 'error', feedback: failure(event.error) }),
                },
              ],
            },
          },
        },
        done: {
          on: { open: 'confirming' },
        },
      },
    }),
  )
}

export type ConfirmedActionState = StateValueFrom<ReturnType<typeof confirmedActionMachine>['definition']>
