import { assign, type EventObject } from 'xstate'
import { isCompleteCode, RESEND_COOLDOWN_MS } from '../../domain/code.ts'
import type { Feedback } from './feedback.ts'

/** What a flow that mails a six-digit code keeps for its code step. */
export type CodeStepContext = {
  code: string
  error?: Feedback
  /** While "Send a new code" waits, the time it is allowed again. */
  resendAllowedAt?: number
}

/**
 * The actions, guards and delay that the code step's states below name: spread them into the
 * flow's own `setup`, typed with its context and events
 * (`const codeStep = codeStepSetup<Context, Events>()`).
 */
export function codeStepSetup<TContext extends CodeStepContext, TEvent extends EventObject>() {
  // One assign for any context that holds the code step's fields.
  const change = (update: (event: TEvent) => Partial<CodeStepContext>) =>
    assign<TContext, TEvent, undefined, TEvent, never>(({ event }) => update(event) as Partial<TContext>)
  return {
    actions: {
      keepCode: change((event) => ({ code: codeOf(event), error: undefined })),
      // An empty code: "Enter the code from your email".
      askForCode: change(() => ({ error: { key: 'auth.enterCode' } })),
      clearError: change(() => ({ error: undefined })),
      startResendWait: change(() => ({ resendAllowedAt: Date.now() + RESEND_COOLDOWN_MS })),
      endResendWait: change(() => ({ resendAllowedAt: undefined })),
    },
    guards: {
      isCompleteCode: ({ event }: { event: TEvent }) =>
        event.type === 'submitCode' && isCompleteCode(codeOf(event)),
      isResendWaiting: ({ context }: { context: TContext }) => context.resendAllowedAt !== undefined,
    },
    delays: { resendCooldown: RESEND_COOLDOWN_MS },
  }
}

const codeOf = (event: EventObject) => ('code' in event && typeof event.code === 'string' ? event.code : '')

/** `submitCode`: a complete code goes on to `target`; anything else asks for the code. */
export const submitCode = <const TTarget extends string>(target: TTarget) =>
  [{ guard: 'isCompleteCode', target, actions: 'keepCode' }, { actions: 'askForCode' }] as const

/**
 * The code step of sign-in and registration. `codeSent`: a code has just gone out, and "Send a
 * new code" counts down its wait; then `enteringCode`, where it may be pressed and
 * leads to `resend`. From either, a complete code goes to `check` and `back` to `back`.
 */
export const codeStepStates = <
  const TCheck extends string,
  const TResend extends string,
  const TBack extends string,
>(targets: {
  check: TCheck
  resend: TResend
  back: TBack
}) =>
  ({
    codeSent: {
      entry: 'startResendWait',
      after: { resendCooldown: { target: 'enteringCode', actions: 'endResendWait' } },
      on: {
        submitCode: submitCode(targets.check),
        back: { target: targets.back, actions: 'clearError' },
      },
    },
    enteringCode: {
      on: {
        submitCode: submitCode(targets.check),
        resend: { target: targets.resend, actions: 'clearError' },
        back: { target: targets.back, actions: 'clearError' },
      },
    },
  }) as const

/**
 * A code the server refused: back to the code step, with `actions` (say why). A wrong code keeps
 * the resend wait running (from its start again, never shorter).
 */
export const refusedCode = <const TActions>(actions: TActions) =>
  [
    { guard: 'isResendWaiting', target: 'codeSent', actions },
    { target: 'enteringCode', actions },
  ] as const
