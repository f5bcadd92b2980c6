import { assign, setup, type StateValueFrom } from 'xstate'
import type { ConfirmedCleanerEmail } from '../../../contract/turnover.ts'
import { failureFrom, wasNotFound, type Feedback } from '../parts/feedback.ts'
import { routeActor, routeMachine } from '../parts/routeMachine.ts'

type Context = { token: string; confirmed?: ConfirmedCleanerEmail; error?: Feedback }
type Events = { type: 'confirm' } | { type: 'retry' }

/**
 * /confirm-cleaning-mail/{token}: the page the confirmation mail links to (docs/product.md §7.11).
 * Opening it changes nothing (mail scanners open links too); only the button confirms. A revoked
 * link is gone for good; any other failure may be tried again.
 */
const machine = setup({
  types: {} as { context: Context; events: Events; input: { token: string } },
  actors: {
    confirmEmail: routeActor<ConfirmedCleanerEmail, { token: string }>(),
  },
  guards: {
    linkIsGone: ({ event }) => wasNotFound((event as { error?: unknown }).error),
  },
}).createMachine({
  id: 'confirmCleanerEmail',
  initial: 'idle',
  context: ({ input }) => ({ token: input.token }),
  states: {
    idle: { on: { confirm: 'confirming' } },
    confirming: {
      invoke: {
        id: 'confirmEmail',
        src: 'confirmEmail',
        input: ({ context }) => ({ token: context.token }),
        onDone: {
          target: 'confirmed',
          actions: assign({ confirmed: ({ event }) => event.output, error: undefined }),
        },
        onError: [
          { guard: 'linkIsGone', target: 'gone' },
          {
            target: 'failed',
            actions: assign({
              error: ({ event }) => failureFrom('cleaner.confirm.failed', event.error),
            }),
          },
        ],
      },
    },
    confirmed: { type: 'final' },
    failed: { on: { retry: 'confirming' } },
    gone: { type: 'final' },
  },
})
export const confirmCleanerEmailMachine = routeMachine(machine)

export type ConfirmCleanerEmailState = StateValueFrom<typeof machine>
