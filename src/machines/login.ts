import { assign, fromPromise, setup } from 'xstate'
import { isCompleteCode, RESEND_COOLDOWN_MS } from '../domain/code.ts'
import { failureFrom, type Feedback, type Notice } from './feedback.ts'

export const WELCOME_DELAY_MS = 3000

type Credentials = { email: string; password: string }
/** `resendAllowedAt`: while "Send a new code" waits (issue 15), the time it is allowed again. */
type Context = Credentials & { code: string; error?: Feedback; resendAllowedAt?: number }
type Events =
  | { type: 'submit'; email: string; password: string }
  | { type: 'submitCode'; code: string }
  | { type: 'back' }
  | { type: 'resend' }

/**
 * SPEC 4, Login: the form asks for a two-factor code; when sending it succeeds the code screen
 * follows, when it fails the client signs in directly. Then a welcome splash for 3 s.
 */
export const loginMachine = setup({
  types: {} as { context: Context; events: Events },
  actors: {
    sendLoginCode: fromPromise<unknown, Credentials>(async () => {
      throw new Error('provided by the route')
    }),
    signIn: fromPromise<unknown, Credentials & { tfaCode?: number }>(async () => {
      throw new Error('provided by the route')
    }),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
  },
  guards: {
    hasCredentials: ({ event }) =>
      event.type === 'submit' && event.email.trim() !== '' && event.password !== '',
    isCompleteCode: ({ event }) => event.type === 'submitCode' && isCompleteCode(event.code),
    isResendWaiting: ({ context }) => context.resendAllowedAt !== undefined,
  },
  delays: { welcome: WELCOME_DELAY_MS, resendCooldown: RESEND_COOLDOWN_MS },
}).createMachine({
  id: 'login',
  initial: 'editing',
  context: { email: '', password: '', code: '' },
  states: {
    editing: {
      on: {
        submit: [
          {
            guard: 'hasCredentials',
            target: 'sendingCode',
            actions: assign(({ event }) => ({
              email: event.email.trim(),
              password: event.password,
              error: undefined,
            })),
          },
          { actions: assign({ error: { key: 'auth.fillAllFields' } }) },
        ],
      },
    },
    sendingCode: {
      invoke: {
        id: 'sendLoginCode',
        src: 'sendLoginCode',
        input: ({ context }) => ({ email: context.email, password: context.password }),
        onDone: {
          target: 'codeSent',
          actions: { type: 'notify', params: { kind: 'success', feedback: { key: 'auth.codeSent' } } },
        },
        onError: 'signingIn',
      },
    },
    signingIn: {
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => ({ email: context.email, password: context.password }),
        onDone: 'welcome',
        onError: {
          target: 'editing',
          actions: [
            assign({ error: ({ event }) => failureFrom('auth.loginFailed', event.error) }),
            {
              type: 'notify',
              params: ({ event }) => ({
                kind: 'error',
                feedback: failureFrom('auth.loginFailed', event.error),
              }),
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
            target: 'verifying',
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
            target: 'verifying',
            actions: assign(({ event }) => ({ code: event.code, error: undefined })),
          },
          { actions: assign({ error: { key: 'auth.enterCode' } }) },
        ],
        resend: { target: 'sendingCode', actions: assign({ error: undefined }) },
        back: { target: 'editing', actions: assign({ error: undefined }) },
      },
    },
    verifying: {
      invoke: {
        id: 'signIn',
        src: 'signIn',
        // SPEC 5: the code travels as a number; the server pads it back to six digits.
        input: ({ context }) => ({
          email: context.email,
          password: context.password,
          tfaCode: Number(context.code),
        }),
        onDone: 'welcome',
        onError: [
          {
            guard: 'isResendWaiting',
            target: 'codeSent',
            actions: [
              assign({ error: ({ event }) => failureFrom('auth.loginFailed', event.error) }),
              {
                type: 'notify',
                params: ({ event }) => ({
                  kind: 'error',
                  feedback: failureFrom('auth.loginFailed', event.error),
                }),
              },
            ],
          },
          {
            target: 'enteringCode',
            actions: [
              assign({ error: ({ event }) => failureFrom('auth.loginFailed', event.error) }),
              {
                type: 'notify',
                params: ({ event }) => ({
                  kind: 'error',
                  feedback: failureFrom('auth.loginFailed', event.error),
                }),
              },
            ],
          },
        ],
      },
    },
    welcome: {
      entry: [
        assign({ password: '', code: '' }),
        { type: 'notify', params: { kind: 'success', feedback: { key: 'auth.loginSuccess' } } },
      ],
      after: { welcome: 'done' },
    },
    done: { type: 'final' },
  },
})

export type LoginState =
  'editing' | 'sendingCode' | 'signingIn' | 'codeSent' | 'enteringCode' | 'verifying' | 'welcome' | 'done'
