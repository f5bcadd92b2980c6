import { assign, setup, type StateValueFrom } from 'xstate'
import type { CleanerSchedule } from '../../../contract/turnover.ts'
import { failureFrom, wasNotFound, type Feedback } from '../parts/feedback.ts'
import { routeActor, routeMachine } from '../parts/routeMachine.ts'

type Context = { token: string; schedule?: CleanerSchedule; error?: Feedback }
type Events = { type: 'retry' }

/**
 * A cleaner's page (/cleaner/{token}, docs/product.md §7.11): the link's cleanings are read once;
 * a revoked or rotated link is gone for good, any other failure may be tried again.
 */
const machine = setup({
  types: {} as { context: Context; events: Events; input: { token: string } },
  actors: {
    loadSchedule: routeActor<CleanerSchedule, { token: string }>(),
  },
  guards: {
    linkIsGone: ({ event }) => wasNotFound((event as { error?: unknown }).error),
  },
}).createMachine({
  id: 'cleanerSchedule',
  initial: 'loading',
  context: ({ input }) => ({ token: input.token }),
  states: {
    loading: {
      invoke: {
        id: 'loadSchedule',
        src: 'loadSchedule',
        input: ({ context }) => ({ token: context.token }),
        onDone: {
          target: 'showing',
          actions: assign({ schedule: ({ event }) => event.output, error: undefined }),
        },
        onError: [
          { guard: 'linkIsGone', target: 'gone' },
          {
            target: 'failed',
            actions: assign({ error: ({ event }) => failureFrom('cleaner.loadFailed', event.error) }),
          },
        ],
      },
    },
    showing: {},
    failed: { on: { retry: 'loading' } },
    gone: { type: 'final' },
  },
})
export const cleanerScheduleMachine = routeMachine(machine)

export type CleanerScheduleState = StateValueFrom<typeof machine>
