import { assign, fromPromise, setup } from 'xstate'
import { failureFrom, type Feedback, type Notice } from './feedback.ts'

type Context = { error?: Feedback }
type Events = { type: 'open' } | { type: 'confirm' } | { type: 'cancel' }
export type RotateLinkState = 'closed' | 'confirming' | 'rotating'

const rotateFailed = (error: unknown) => failureFrom('property.rotateFailed', error)

/**
 * Issue 13: a calendar link is a secret a platform keeps importing, so replacing it asks first
 * and says that the platform must be given the new one; the old one stops working at once.
 */
export const rotateLinkMachine = setup({
  types: {} as { context: Context; events: Events },
  actors: {
    rotateLink: fromPromise<unknown, void>(async () => {
      throw new Error('provided by the route')
    }),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
  },
}).createMachine({
  id: 'rotateLink',
  initial: 'closed',
  context: {},
  states: {
    closed: {
      on: { open: 'confirming' },
    },
    confirming: {
      on: {
        confirm: { target: 'rotating', actions: assign({ error: undefined }) },
        cancel: { target: 'closed', actions: assign({ error: undefined }) },
      },
    },
    rotating: {
      invoke: {
        id: 'rotateLink',
        src: 'rotateLink',
        onDone: {
          target: 'closed',
          actions: { type: 'notify', params: { kind: 'success', feedback: { key: 'property.linkRotated' } } },
        },
        onError: {
          target: 'confirming',
          actions: [
            assign({ error: ({ event }) => rotateFailed(event.error) }),
            {
              type: 'notify',
              params: ({ event }) => ({ kind: 'error', feedback: rotateFailed(event.error) }),
            },
          ],
        },
      },
    },
  },
})
