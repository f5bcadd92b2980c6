import { assign, setup } from 'xstate'
import { routeActor, routeMachine } from '../parts/routeMachine.ts'

type Context = { enabled: boolean }
type Events = { type: 'toggle' }

/**
 * The notifications toggle (docs/product.md §4.5): the switch flips at once (optimistic), the
 * server's answer sets the flag (its `enabled` field), and a failure flips it back. The failure
 * is only logged: the switch flipping back says it.
 */
const machine = setup({
  types: {} as { context: Context; events: Events; input: { enabled: boolean } },
  actors: {
    save: routeActor<{ enabled: boolean }, { enabled: boolean }>(),
  },
  actions: {
    /** The route keeps the profile in step with the saved flag. */
    changed: (_, _enabled: boolean) => {},
    logFailure: (_, _failure: { error: unknown }) => {},
  },
}).createMachine({
  id: 'notificationToggle',
  initial: 'idle',
  context: ({ input }) => ({ enabled: input.enabled }),
  states: {
    idle: {
      on: { toggle: { target: 'saving', actions: assign({ enabled: ({ context }) => !context.enabled }) } },
    },
    saving: {
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ enabled: context.enabled }),
        onDone: {
          target: 'idle',
          actions: [
            assign({ enabled: ({ event }) => event.output.enabled }),
            { type: 'changed', params: ({ context }) => context.enabled },
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            assign({ enabled: ({ context }) => !context.enabled }),
            { type: 'logFailure', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
  },
})
export const notificationToggleMachine = routeMachine(machine)
