import { assign, setup, type StateValueFrom } from 'xstate'
import { codeStepSetup, submitCode, type CodeStepContext } from '../parts/codeStep.ts'
import { failureFrom, type Notice } from '../parts/feedback.ts'
import { routeActor, routeMachine } from '../parts/routeMachine.ts'

type Context = { enabled: boolean } & CodeStepContext
type Events = { type: 'start' } | { type: 'submitCode'; code: string } | { type: 'cancel' }

const codeStep = codeStepSetup<Context, Events>()

/** Turning two-factor on and turning it off each have their own toasts (docs/product.md §8.2). */
const doneKey = (enabled: boolean) => (enabled ? 'settings.tfaEnabled' : 'settings.tfaDisabled')
const toggleFailed = (wasEnabled: boolean, error: unknown) =>
  failureFrom(wasEnabled ? 'settings.tfaDisableFailed' : 'settings.tfaFailed', error)

const sendFailed = (error: unknown) => failureFrom('settings.tfaSendFailed', error)

/**
 * Settings two-factor (docs/product.md §4.5): enable sends a code to the account's address and shows the code
 * entry; confirming the code toggles the mode and hides the entry. The server's toggle flips the
 * mode, so the same steps turn it off again.
 */
const machine = setup({
  types: {} as { context: Context; events: Events; input: { enabled: boolean } },
  actors: {
    sendCode: routeActor<unknown, void>(),
    toggle: routeActor<{ twofactorMode: boolean }, { code: number }>(),
  },
  actions: {
    ...codeStep.actions,
    notify: (_, _notice: Notice) => {},
    /** The route keeps the signed-in profile in step with the new mode. */
    changed: (_, _enabled: boolean) => {},
  },
  guards: codeStep.guards,
}).createMachine({
  id: 'twoFactorSetup',
  initial: 'idle',
  context: ({ input }) => ({ enabled: input.enabled, code: '' }),
  states: {
    idle: {
      on: { start: { target: 'sendingCode', actions: 'clearError' } },
    },
    sendingCode: {
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        onDone: {
          target: 'enteringCode',
          actions: {
            type: 'notify',
            params: { kind: 'success', feedback: { key: 'settings.codeSent' } },
          },
        },
        onError: {
          target: 'idle',
          actions: [
            assign({ error: ({ event }) => sendFailed(event.error) }),
            { type: 'notify', params: ({ event }) => ({ kind: 'error', feedback: sendFailed(event.error) }) },
          ],
        },
      },
    },
    enteringCode: {
      on: {
        submitCode: submitCode('confirming'),
        cancel: { target: 'idle', actions: 'clearError' },
      },
    },
    confirming: {
      invoke: {
        id: 'toggle',
        src: 'toggle',
        // The code is sent as a number; the server pads it back to six digits.
        input: ({ context }) => ({ code: Number(context.code) }),
        onDone: {
          target: 'idle',
          actions: [
            assign({ enabled: ({ event }) => event.output.twofactorMode, code: '' }),
            {
              type: 'notify',
              params: ({ context }) => ({ kind: 'success', feedback: { key: doneKey(context.enabled) } }),
            },
            { type: 'changed', params: ({ context }) => context.enabled },
          ],
        },
        onError: {
          target: 'enteringCode',
          actions: [
            assign({ error: ({ context, event }) => toggleFailed(context.enabled, event.error) }),
            {
              type: 'notify',
              params: ({ context, event }) => ({
                kind: 'error',
                feedback: toggleFailed(context.enabled, event.error),
              }),
            },
          ],
        },
      },
    },
  },
})
export const twoFactorSetupMachine = routeMachine(machine)

export type TwoFactorSetupState = StateValueFrom<typeof machine>
