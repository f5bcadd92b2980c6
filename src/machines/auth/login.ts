import { assign, setup, type StateValueFrom } from 'xstate'
import { codeStepSetup, codeStepStates, refusedCode, type CodeStepContext } from '../parts/codeStep.ts'
import { failureFrom, type Notice } from '../parts/feedback.ts'
import { routeActor, routeMachine } from '../parts/routeMachine.ts'

export const WELCOME_DELAY_MS = 3000

type Credentials = { email: string; password: string }
type Context = Credentials & CodeStepContext
const loginFailed = (error: unknown) => failureFrom('auth.loginFailed', error)

type Events =
  | { type: 'submit'; email: string; password: string }
  | { type: 'submitCode'; code: string }
  | { type: 'back' }
  | { type: 'resend' }

const codeStep = codeStepSetup<Context, Events>()

/**
 * Sign-in (docs/product.md §4.2): the form asks for a two-factor code; when sending it succeeds the
 * code screen follows, when it fails the client signs in directly. Then a welcome splash for 3 s.
 */
const machine = setup({
  types: {} as { context: Context; events: Events },
  actors: {
    sendLoginCode: routeActor<unknown, Credentials>(),
    signIn: routeActor<unknown, Credentials & { tfaCode?: number }>(),
  },
  actions: {
    ...codeStep.actions,
    notify: (_, _notice: Notice) => {},
  },
  guards: {
    ...codeStep.guards,
    hasCredentials: ({ event }) =>
      event.type === 'submit' && event.email.trim() !== '' && event.password !== '',
  },
  delays: { ...codeStep.delays, welcome: WELCOME_DELAY_MS },
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
        // The form's own alert says why; a toast over the header said it a second time.
        onError: { target: 'editing', actions: assign({ error: ({ event }) => loginFailed(event.error) }) },
      },
    },
    // A code to resend goes out as the first did; should sending fail, the password alone signs in.
    ...codeStepStates({ check: 'verifying', resend: 'sendingCode', back: 'editing' }),
    verifying: {
      invoke: {
        id: 'signIn',
        src: 'signIn',
        // The code travels as a number; the server pads it back to six digits.
        input: ({ context }) => ({
          email: context.email,
          password: context.password,
          tfaCode: Number(context.code),
        }),
        onDone: 'welcome',
        onError: refusedCode([assign({ error: ({ event }) => loginFailed(event.error) })]),
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
export const loginMachine = routeMachine(machine)

export type LoginState = StateValueFrom<typeof machine>
