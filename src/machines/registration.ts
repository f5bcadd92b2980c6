import { assign, fromPromise, setup } from 'xstate'
import { isCompleteCode, RESEND_COOLDOWN_MS } from '../domain/code.ts'
import { isStrongPassword } from '../domain/password.ts'
import { failureFrom, type Feedback, type Notice } from './feedback.ts'

export const SUCCESS_SPLASH_MS = 2000

/** `resendAllowedAt`: while "Send a new code" waits (issue 15), the time it is allowed again. */
type Context = { email: string; password: string; code: string; error?: Feedback; resendAllowedAt?: number }
type Events =
  | { type: 'submit'; email: string; password: string; confirmPassword: string }
  | { type: 'submitCode'; code: string }
  | { type: 'resend' }
  | { type: 'back' }

/** Why a form cannot be sent yet, as a locale key; undefined when it can. */
function formProblem(event: Extract<Events, { type: 'submit' }>): string | undefined {
  if (event.email.trim() === '') return 'auth.enterEmail'
  if (!isStrongPassword(event.password)) return 'errors.auth.weakPassword'
  // SPEC 5 leaves the confirmation uncompared; a typo here would lock the new owner out (docs/decisions.md).
  if (event.password !== event.confirmPassword) return 'auth.passwordsDoNotMatch'
  return undefined
}

const sendCodeFailed = (error: unknown) => failureFrom('registration.sendCodeFailed', error)
const confirmFailed = (error: unknown) => failureFrom('registration.confirmFailed', error)

/**
 * SPEC 2 and 4, Registration: the form, then the e-mailed six-digit code, then a success splash
 * and the dashboard after 2 s. A failure keeps the current step and says why.
 */
export const registrationMachine = setup({
  types: {} as { context: Context; events: Events },
  actors: {
    sendCode: fromPromise<unknown, { email: string }>(async () => {
      throw new Error('provided by the route')
    }),
    register: fromPromise<unknown, { email: string; password: string; code: string }>(async () => {
      throw new Error('provided by the route')
    }),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
  },
  guards: {
    isCompleteForm: ({ event }) => event.type === 'submit' && formProblem(event) === undefined,
    isCompleteCode: ({ event }) => event.type === 'submitCode' && isCompleteCode(event.code),
    isResendWaiting: ({ context }) => context.resendAllowedAt !== undefined,
  },
  delays: { splash: SUCCESS_SPLASH_MS, resendCooldown: RESEND_COOLDOWN_MS },
}).createMachine({
  id: 'registration',
  initial: 'editing',
  context: { email: '', password: '', code: '' },
  states: {
    editing: {
      on: {
        submit: [
          {
            guard: 'isCompleteForm',
            target: 'sendingCode',
            actions: assign(({ event }) => ({
              email: event.email.trim(),
              password: event.password,
              error: undefined,
            })),
          },
          {
            actions: assign({ error: ({ event }) => ({ key: formProblem(event) ?? 'auth.fillAllFields' }) }),
          },
        ],
      },
    },
    sendingCode: {
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ context }) => ({ email: context.email }),
        onDone: {
          target: 'codeSent',
          actions: { type: 'notify', params: { kind: 'success', feedback: { key: 'auth.codeSent' } } },
        },
        onError: {
          target: 'editing',
          actions: [
            assign({ error: ({ event }) => sendCodeFailed(event.error) }),
            {
              type: 'notify',
              params: ({ event }) => ({ kind: 'error', feedback: sendCodeFailed(event.error) }),
            },
          ],
        },
      },
    },
    /**
     * A code has just gone out: the code step, with "Send a new code" counting down its wait
     * (issue 15). A wrong code keeps the wait running (from its start again, never shorter).
     */
    codeSent: {
      entry: assign({ resendAllowedAt: () => Date.now() + RESEND_COOLDOWN_MS }),
      after: { resendCooldown: { target: 'enteringCode', actions: assign({ resendAllowedAt: undefined }) } },
      on: {
        submitCode: [
          {
            guard: 'isCompleteCode',
            target: 'confirming',
            actions: assign(({ event }) => ({ code: event.code, error: undefined })),
          },
          { actions: assign({ error: { key: 'auth.enterCode' } }) },
        ],
        back: { target: 'editing', actions: assign({ error: undefined }) },
      },
    },
    enteringCode: {
      on: {
        submitCode: [
          {
            guard: 'isCompleteCode',
            target: 'confirming',
            actions: assign(({ event }) => ({ code: event.code, error: undefined })),
          },
          { actions: assign({ error: { key: 'auth.enterCode' } }) },
        ],
        resend: { target: 'resendingCode', actions: assign({ error: undefined }) },
        back: { target: 'editing', actions: assign({ error: undefined }) },
      },
    },
    resendingCode: {
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ context }) => ({ email: context.email }),
        onDone: {
          target: 'codeSent',
          actions: { type: 'notify', params: { kind: 'success', feedback: { key: 'auth.codeSent' } } },
        },
        onError: {
          target: 'enteringCode',
          actions: [
            assign({ error: ({ event }) => sendCodeFailed(event.error) }),
            {
              type: 'notify',
              params: ({ event }) => ({ kind: 'error', feedback: sendCodeFailed(event.error) }),
            },
          ],
        },
      },
    },
    confirming: {
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ context }) => ({ email: context.email, password: context.password, code: context.code }),
        onDone: {
          target: 'success',
          actions: {
            type: 'notify',
            params: { kind: 'success', feedback: { key: 'registration.confirmed' } },
          },
        },
        onError: [
          {
            guard: 'isResendWaiting',
            target: 'codeSent',
            actions: [
              assign({ error: ({ event }) => confirmFailed(event.error) }),
              {
                type: 'notify',
                params: ({ event }) => ({ kind: 'error', feedback: confirmFailed(event.error) }),
              },
            ],
          },
          {
            target: 'enteringCode',
            actions: [
              assign({ error: ({ event }) => confirmFailed(event.error) }),
              {
                type: 'notify',
                params: ({ event }) => ({ kind: 'error', feedback: confirmFailed(event.error) }),
              },
            ],
          },
        ],
      },
    },
    success: {
      entry: assign({ password: '', code: '' }),
      after: { splash: 'done' },
    },
    done: { type: 'final' },
  },
})

export type RegistrationState =
  | 'editing'
  | 'sendingCode'
  | 'codeSent'
  | 'enteringCode'
  | 'resendingCode'
  | 'confirming'
  | 'success'
  | 'done'
