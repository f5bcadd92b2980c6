import { assign, setup, type StateValueFrom } from 'xstate'
import { NEW_PASSWORD_CHECKS, newPasswordProblem } from '../domain/password.ts'
import { codeStepSetup, codeStepStates, refusedCode, type CodeStepContext } from './parts/codeStep.ts'
import { failureFrom, type Feedback, type Notice } from './parts/feedback.ts'
import { routeActor, routeMachine } from './parts/routeMachine.ts'

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

/** What a failed call's transition reads. */
type Failed = { event: { error: unknown } }

/**
 * Sending a code, the form's first one or a new one from the code step: once sent the code step
 * shows; a failure goes back to where it was asked for (`back`) and says why.
 */
const sendingCode = (back: 'editing' | 'enteringCode') =>
  ({
    invoke: {
      id: 'sendCode',
      src: 'sendCode',
      input: ({ context }: { context: Context }) => ({ email: context.email }),
      onDone: {
        target: 'codeSent',
        actions: { type: 'notify', params: { kind: 'success', feedback: { key: 'auth.codeSent' } } },
      },
      onError: {
        target: back,
        actions: [
          {
            type: 'showError',
            params: ({ event }: Failed) => sendCodeFailed(event.error),
          },
          {
            type: 'notify',
            params: ({ event }: Failed): Notice => ({
              kind: 'error',
              feedback: sendCodeFailed(event.error),
            }),
          },
        ],
      },
    },
  }) as const

/**
 * Registration (docs/product.md §4.1): the form, then the e-mailed six-digit code, then a success splash
 * and the dashboard after 2 s. A failure keeps the current step and says why.
 */
const machine = setup({
  types: {} as { context: Context; events: Events },
  actors: {
    sendCode: routeActor<unknown, { email: string }>(),
    register: routeActor<unknown, { email: string; password: string; code: string }>(),
  },
  actions: {
    ...codeStep.actions,
    notify: (_, _notice: Notice) => {},
    showError: assign((_, error: Feedback) => ({ error })),
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
    sendingCode: sendingCode('editing'),
    ...codeStepStates({ check: 'confirming', resend: 'resendingCode', back: 'editing' }),
    resendingCode: sendingCode('enteringCode'),
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
export const registrationMachine = routeMachine(machine)

export type RegistrationState = StateValueFrom<typeof machine>
