import { assign, setup, type StateValueFrom } from 'xstate'
import { NEW_PASSWORD_CHECKS, newPasswordProblem } from '../../domain/password.ts'
import { failureFrom, type Feedback } from '../parts/feedback.ts'
import { routeActor, routeMachine } from '../parts/routeMachine.ts'

export const LOGIN_REDIRECT_MS = 1500

type Context = { token: string; password: string; error?: Feedback }
type Events = { type: 'submit'; password: string; confirmPassword: string }

/** The field each of the form's own checks is about; the others are for the whole form. */
export const RESET_CHECKS = NEW_PASSWORD_CHECKS

/**
 * The checks that run before the call, in this order (docs/product.md §5.3); undefined when all
 * pass. The password rule is registration's: a weak password never reaches the server.
 */
function formProblem(token: string, event: Events): string | undefined {
  if (event.password === '' || event.confirmPassword === '') return 'auth.fillAllFields'
  const problem = newPasswordProblem(event.password, event.confirmPassword)
  if (problem) return problem
  if (token.trim() === '') return 'reset.invalidToken'
  return undefined
}

/**
 * Reset password (/reset-password/{token}): a new password twice, the change,
 * a success message, then /login after 1.5 s. On failure the server's message shows, else
 * "Failed to change password".
 */
const machine = setup({
  types: {} as { context: Context; events: Events; input: { token: string } },
  actors: {
    changePassword: routeActor<unknown, { token: string; password: string }>(),
  },
  guards: {
    isValid: ({ context, event }) => formProblem(context.token, event) === undefined,
  },
  delays: { redirect: LOGIN_REDIRECT_MS },
}).createMachine({
  id: 'resetPassword',
  initial: 'editing',
  context: ({ input }) => ({ token: input.token, password: '' }),
  states: {
    editing: {
      on: {
        submit: [
          {
            guard: 'isValid',
            target: 'changing',
            actions: assign(({ event }) => ({ password: event.password, error: undefined })),
          },
          {
            actions: assign({
              error: ({ context, event }) => ({
                key: formProblem(context.token, event) ?? 'auth.fillAllFields',
              }),
            }),
          },
        ],
      },
    },
    changing: {
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context }) => ({ token: context.token, password: context.password }),
        onDone: {
          target: 'changed',
          actions: assign({ password: '' }),
        },
        onError: {
          target: 'editing',
          actions: assign({
            password: '',
            error: ({ event }) => failureFrom('reset.changeFailed', event.error),
          }),
        },
      },
    },
    changed: {
      after: { redirect: 'done' },
    },
    done: { type: 'final' },
  },
})
export const resetPasswordMachine = routeMachine(machine)

export type ResetPasswordState = StateValueFrom<typeof machine>
