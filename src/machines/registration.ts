import { assign, fromPromise, setup } from 'xstate'
import { NEW_PASSWORD_CHECKS, newPasswordProblem } from '../domain/password.ts'
import { codeStepSetup, codeStepStates, refusedCode, type CodeStepContext } from './codeStep.ts'
import { failureFrom, type Notice } from './feedback.ts'

export const SUCCESS_SPLASH_MS = 2000

type Context = { email: string; password: string } & CodeStepContext
type Events =
  | { type: 'submit'; email: string; password: string; confirmPassword: string }
  | { type: 'submitCode'; code: string }
  | { type: 'resend' }
  | { type: 'back' }

/** The field each of the form's own checks is about, so the form shows it there. */
export const REGISTRATION_CHECKS = { 'auth.enterEmail': 'email', ...NEW_PASSWORD_CHECKS } as const

/** Why a form cannot be sent yet, as a locale key; undefined when it can. */
function formProblem(event: Extract<Events, { type: 'submit' }>): string | undefined {
  if (event.email.trim() === '') return 'auth.enterEmail'
  return newPasswordProblem(event.password, event.confirmPassword)
}

const sendCodeFailed = (error: unknown) => failureFrom('registration.sendCodeFailed', error)
const confirmFailed = (error: unknown) => failureFrom('registration.confirmFailed', error)

const codeStep = codeStepSetup<Context, Events>()

/**
 * Registration (docs/product.md §4.1): the form, then the e-mailed six-digit code, then a success splash
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
    ...codeStep.actions,
    notify: (_, _notice: Notice) => {},
  },
  guards: {
    ...codeStep.guards,
    isCompleteForm: ({ event }) => event.type === 'submit' && formProblem(event) === undefined,
  },
  delays: { ...codeStep.delays, splash: SUCCESS_SPLASH_MS },
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
    ...codeStepStates({ check: 'confirming', resend: 'resendingCode', back: 'editing' }),
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
        onError: refusedCode([
          assign({ error: ({ event }) => confirmFailed(event.error) }),
          {
            type: 'notify',
            params: ({ event }) => ({ kind: 'error', feedback: confirmFailed(event.error) }),
          },
        ]),
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
