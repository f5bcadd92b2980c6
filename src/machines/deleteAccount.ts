import { assign, fromPromise, setup } from 'xstate'
import { failureFrom, type Feedback, type Notice } from './feedback.ts'

type Context = { error?: Feedback }
type Events = { type: 'open' } | { type: 'confirm' } | { type: 'cancel' }

const deleteFailed = (error: unknown) => failureFrom('settings.deleteFailed', error)

/**
 * SPEC 4 and 6: deleting one's own account asks for a confirmation (no reason), which opens by
 * choice and closes on cancel; once the account is gone the person is signed out.
 */
export const deleteAccountMachine = setup({
  types: {} as { context: Context; events: Events },
  actors: {
    deleteAccount: fromPromise<unknown, void>(async () => {
      throw new Error('provided by the route')
    }),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
  },
}).createMachine({
  id: 'deleteAccount',
  initial: 'closed',
  context: {},
  states: {
    closed: {
      on: { open: 'confirming' },
    },
    confirming: {
      on: {
        confirm: { target: 'deleting', actions: assign({ error: undefined }) },
        cancel: { target: 'closed', actions: assign({ error: undefined }) },
      },
    },
    deleting: {
      invoke: {
        id: 'deleteAccount',
        src: 'deleteAccount',
        onDone: {
          target: 'deleted',
          actions: { type: 'notify', params: { kind: 'success', feedback: { key: 'settings.deleted' } } },
        },
        onError: {
          target: 'confirming',
          actions: [
            assign({ error: ({ event }) => deleteFailed(event.error) }),
            {
              type: 'notify',
              params: ({ event }) => ({ kind: 'error', feedback: deleteFailed(event.error) }),
            },
          ],
        },
      },
    },
    deleted: { type: 'final' },
  },
})

export type DeleteAccountState = 'closed' | 'confirming' | 'deleting' | 'deleted'
