import { assign, setup } from 'xstate'
import { failureFrom, type Feedback, type Notice } from '../parts/feedback.ts'
import { routeActor, routeMachine } from '../parts/routeMachine.ts'

export type AdminUserAction = 'deactivate' | 'reactivate' | 'delete'
export type AdminUserTarget = { userId: string; action: AdminUserAction }

/** The field the dialog's own check is about, so the form shows it there. */
export const REASON_CHECKS = { 'userActions.reasonRequired': 'reason' } as const

type Context = { target: AdminUserTarget; reason: string; error?: Feedback }
type Events = ({ type: 'open' } & AdminUserTarget) | { type: 'submit'; reason: string } | { type: 'cancel' }

const FAILED_KEY = {
  deactivate: 'userActions.deactivateFailed',
  reactivate: 'userActions.reactivateFailed',
  delete: 'userActions.deleteFailed',
}
const DONE_KEY = {
  deactivate: 'userActions.deactivated',
  reactivate: 'userActions.reactivated',
  delete: 'userActions.deleted',
}

/** A submit with some reason moves on; blank text is refused with a message (docs/product.md §5.7). */
const submitTransitions = [
  {
    guard: 'hasReason',
    target: '#adminUserAction.open.submitting',
    actions: 'keepReason',
  },
  { actions: 'refuseBlankReason' },
] as const

/**
 * An admin deactivates, reactivates or deletes a user with a reason. The dialog opens by choice,
 * refuses a blank reason, and closes on cancel or success; a failure keeps it open to retry.
 */
const machine = setup({
  types: {} as { context: Context; events: Events },
  actors: {
    performAction: routeActor<unknown, AdminUserTarget & { reason: string }>(),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    /** The route updates its lists: the user is now deactivated, active again, or gone. */
    completed: (_, _target: AdminUserTarget) => {},
    startFor: assign(({ event }) =>
      event.type === 'open'
        ? { target: { userId: event.userId, action: event.action }, reason: '', error: undefined }
        : {},
    ),
    keepReason: assign(({ event }) =>
      event.type === 'submit' ? { reason: event.reason.trim(), error: undefined } : {},
    ),
    refuseBlankReason: assign({ error: { key: 'userActions.reasonRequired' } }),
    forgetError: assign({ error: undefined }),
  },
  guards: {
    hasReason: ({ event }) => event.type === 'submit' && event.reason.trim() !== '',
  },
}).createMachine({
  id: 'adminUserAction',
  initial: 'closed',
  context: { target: { userId: '', action: 'deactivate' }, reason: '' },
  states: {
    closed: {
      on: { open: { target: 'open', actions: 'startFor' } },
    },
    open: {
      initial: 'editingReason',
      states: {
        editingReason: {
          on: {
            submit: submitTransitions,
            cancel: { target: '#adminUserAction.closed', actions: 'forgetError' },
          },
        },
        submitting: {
          invoke: {
            id: 'performAction',
            src: 'performAction',
            input: ({ context }) => ({ ...context.target, reason: context.reason }),
            onDone: '#adminUserAction.done',
            onError: {
              target: 'failed',
              actions: assign({
                error: ({ context, event }) => failureFrom(FAILED_KEY[context.target.action], event.error),
              }),
            },
          },
        },
        failed: {
          on: {
            submit: submitTransitions,
            cancel: { target: '#adminUserAction.closed', actions: 'forgetError' },
          },
        },
      },
    },
    done: {
      entry: [
        { type: 'completed', params: ({ context }) => context.target },
        {
          type: 'notify',
          params: ({ context }) => ({
            kind: 'success' as const,
            feedback: { key: DONE_KEY[context.target.action] },
          }),
        },
      ],
      on: { open: { target: 'open', actions: 'startFor' } },
    },
  },
})
export const adminUserActionMachine = routeMachine(machine)
