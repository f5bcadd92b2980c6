import { assign, setup, type StateValueFrom } from 'xstate'
import { isStrongPassword } from '../../domain/password.ts'
import { codeStepSetup, codeStepStates, refusedCode, type CodeStepContext } from '../parts/codeStep.ts'
import { failureFrom, type Feedback, type Notice } from '../parts/feedback.ts'
import { routeActor, routeMachine } from '../parts/routeMachine.ts'

export const SUCCESS_SPLASH_MS = 2000

type Context = { email: string; password: string } & CodeStepContext
type Events =
  | { type: 'submit'; email: string; password: string; confirmPassword: string }
  | { type: 'submitCode'; code: string }
  | { type: 'resend' }
  | { type: 'back' }

type Submit = Extract<Events, { type: 'submit' }>
type Field = 'email' | 'password' | 'confirmPassword'

/**
 * Why a form cannot be sent yet: each field's problem as a locale key, every one at once, so an
 * empty form shows what each field needs; nothing when it can be sent.
 */
function formProblems(event: Submit): Partial<Record<Field, string>> {
  const problems: Partial<Record<Field, string>> = {}
  if (event.email.trim() === '') problems.email = 'auth.enterEmail'
  if (!isStrongPassword(event.password)) problems.password = 'errors.auth.weakPassword'
  if (event.confirmPassword === '') problems.confirmPassword = 'auth.repeatPassword'
  else if (event.confirmPassword !== event.password) problems.confirmPassword = 'auth.passwordsDoNotMatch'
  return problems
}

/** The form's problems as feedback: the first one names it, each field shows its own. */
function refusedForm(event: Submit): Feedback | undefined {
  const problems = formProblems(event)
  const first = Object.values(problems)[0]
  return first === undefined ? undefined : { key: first, fieldKeys: problems }
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
    isCompleteForm: ({ event }) => event.type === 'submit' && refusedForm(event) === undefined,
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
            actions: assign({ error: ({ event }) => refusedForm(event) }),
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
