import { assign, setup, type StateValueFrom } from 'xstate'
import { failureFrom, type Feedback } from '../parts/feedback.ts'
import { routeActor, routeMachine } from '../parts/routeMachine.ts'

type Context = { token: string; error?: Feedback }
type Events = { type: 'confirm' }

/**
 * /cancel-email-change/{token}: the page the old address's notice links to (docs/product.md §4.4). Opening it
 * changes nothing (mail scanners open links too); the person confirms, the change is taken back
 * and every session signed out, and the page then points to choosing a new password.
 */
const machine = setup({
  types: {} as { context: Context; events: Events; input: { token: string } },
  actors: {
    cancelChange: routeActor<unknown, { token: string }>(),
  },
  guards: {
    hasToken: ({ context }) => context.token.trim() !== '',
  },
}).createMachine({
  id: 'cancelEmailChange',
  initial: 'asking',
  context: ({ input }) => ({ token: input.token }),
  states: {
    asking: {
      on: {
        confirm: [
          { guard: 'hasToken', target: 'cancelling', actions: assign({ error: undefined }) },
          { actions: assign({ error: { key: 'emailCancel.invalidLink' } }) },
        ],
      },
    },
    cancelling: {
      invoke: {
        id: 'cancelChange',
        src: 'cancelChange',
        input: ({ context }) => ({ token: context.token }),
        onDone: 'cancelled',
        onError: {
          target: 'asking',
          actions: assign({ error: ({ event }) => failureFrom('emailCancel.failed', event.error) }),
        },
      },
    },
    cancelled: { type: 'final' },
  },
})
export const cancelEmailChangeMachine = routeMachine(machine)

export type CancelEmailChangeState = StateValueFrom<typeof machine>
