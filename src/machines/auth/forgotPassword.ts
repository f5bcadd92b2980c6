import { assign, setup, type StateValueFrom } from 'xstate'
import { failureFrom, type Feedback, type Notice } from '../parts/feedback.ts'
import { routeActor, routeMachine } from '../parts/routeMachine.ts'

/** `message` is the server's answer, shown on step 2. */
type Context = { email: string; message?: string; error?: Feedback }
type Events = { type: 'submit'; email: string } | { type: 'retry' }

const sendFailed = (error: unknown) => failureFrom('forgot.sendFailed', error)

/** The field the form's own check is about, so the form shows it there. */
export const FORGOT_CHECKS = { 'auth.enterEmail': 'email' } as const

/**
 * Forgot password (docs/product.md §4.3): an e-mail, the link requested, then step 2 says it was sent.
 * An empty address is refused without a call. The settings modal's "send a reset link" is the
 * same flow with the signed-in address.
 */
const machine = setup({
  types: {} as { context: Context; events: Events },
  actors: {
    sendLink: routeActor<{ message: string }, { email: string }>(),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    takeEmail: assign(({ event }) =>
      event.type === 'submit' ? { email: event.email.trim(), error: undefined } : {},
    ),
  },
  guards: {
    hasEmail: ({ event }) => event.type === 'submit' && event.email.trim() !== '',
  },
}).createMachine({
  id: 'forgotPassword',
  initial: 'enteringEmail',
  context: { email: '' },
  states: {
    enteringEmail: {
      on: {
        submit: [
          { guard: 'hasEmail', target: 'sending', actions: 'takeEmail' },
          { actions: assign({ error: { key: 'auth.enterEmail' } }) },
        ],
      },
    },
    sending: {
      invoke: {
        id: 'sendLink',
        src: 'sendLink',
        input: ({ context }) => ({ email: context.email }),
        onDone: {
          target: 'linkSent',
          actions: [
            assign({ message: ({ event }) => event.output.message }),
            { type: 'notify', params: { kind: 'success', feedback: { key: 'forgot.checkEmail' } } },
          ],
        },
        onError: {
          target: 'enteringEmail',
          actions: [
            assign({ error: ({ event }) => sendFailed(event.error) }),
            { type: 'notify', params: ({ event }) => ({ kind: 'error', feedback: sendFailed(event.error) }) },
          ],
        },
      },
    },
    linkSent: {
      on: {
        // Step 2 offers the same address again, or going back to type another one.
        submit: { guard: 'hasEmail', target: 'sending', actions: 'takeEmail' },
        retry: 'enteringEmail',
      },
    },
  },
})
export const forgotPasswordMachine = routeMachine(machine)

export type ForgotPasswordState = StateValueFrom<typeof machine>
