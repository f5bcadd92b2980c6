import { assign, fromPromise, setup } from 'xstate'
import { isCompleteCode } from '../domain/code.ts'
import { failureFrom, type Feedback, type Notice } from './feedback.ts'

/** SPEC 7's PATCH /user/profile payload; blank text clears a field. */
export type ProfileFields = { name: string; phone: string; email: string; residentalAddress: string }
export type ProfileField = keyof ProfileFields
/** What the server answers: the profile as saved, and a new address waiting for its code. */
export type SavedProfile = {
  name: string | null
  phone: string | null
  email: string
  residentalAddress: string | null
  pendingEmail?: string
}

type Context = {
  fields: ProfileFields
  /** The address in effect; a different one in `fields` needs confirming by code. */
  savedEmail: string
  pendingEmail?: string
  code: string
  error?: Feedback
}
type Events =
  | { type: 'change'; field: ProfileField; value: string }
  | { type: 'save' }
  | { type: 'submitCode'; code: string }
  | { type: 'cancelEmailChange' }

const fieldsOf = (profile: SavedProfile): ProfileFields => ({
  name: profile.name ?? '',
  phone: profile.phone ?? '',
  email: profile.email,
  residentalAddress: profile.residentalAddress ?? '',
})
const trimmed = (fields: ProfileFields): ProfileFields => ({
  name: fields.name.trim(),
  phone: fields.phone.trim(),
  email: fields.email.trim(),
  residentalAddress: fields.residentalAddress.trim(),
})

/**
 * The settings modal's personal info (SPEC 2): name, address, e-mail and phone, saved together.
 * A new e-mail address takes effect only once the code mailed to it is confirmed (issue 3), so a
 * save that changes it continues with the code entry.
 */
export const profileFormMachine = setup({
  types: {} as { context: Context; events: Events; input: SavedProfile },
  actors: {
    save: fromPromise<SavedProfile, ProfileFields>(async () => {
      throw new Error('provided by the route')
    }),
    confirmEmail: fromPromise<SavedProfile, { code: number }>(async () => {
      throw new Error('provided by the route')
    }),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    /** The route keeps the signed-in profile in step with what was saved. */
    saved: (_, _profile: SavedProfile) => {},
  },
  guards: {
    hasEmail: ({ context }) => context.fields.email.trim() !== '',
    isCompleteCode: ({ event }) => event.type === 'submitCode' && isCompleteCode(event.code),
  },
}).createMachine({
  id: 'profileForm',
  initial: 'editing',
  context: ({ input }) => ({ fields: fieldsOf(input), savedEmail: input.email, code: '' }),
  states: {
    editing: {
      on: {
        change: {
          actions: assign({
            fields: ({ context, event }) => ({ ...context.fields, [event.field]: event.value }),
            error: undefined,
          }),
        },
        save: [
          { guard: 'hasEmail', target: 'saving', actions: assign({ error: undefined }) },
          { actions: assign({ error: { key: 'auth.enterEmail' } }) },
        ],
      },
    },
    saving: {
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => trimmed(context.fields),
        onDone: [
          {
            guard: ({ event }) => event.output.pendingEmail !== undefined,
            target: 'enteringEmailCode',
            actions: [
              assign(({ event }) => ({
                fields: fieldsOf(event.output),
                savedEmail: event.output.email,
                pendingEmail: event.output.pendingEmail,
              })),
              { type: 'saved', params: ({ event }) => event.output },
              { type: 'notify', params: { kind: 'success', feedback: { key: 'settings.codeSent' } } },
            ],
          },
          {
            target: 'editing',
            actions: [
              assign(({ event }) => ({ fields: fieldsOf(event.output), savedEmail: event.output.email })),
              { type: 'saved', params: ({ event }) => event.output },
              { type: 'notify', params: { kind: 'success', feedback: { key: 'settings.saved' } } },
            ],
          },
        ],
        // SPEC 8 only logs a failed save; the form says why instead, so nothing is lost silently.
        onError: {
          target: 'editing',
          actions: assign({ error: ({ event }) => failureFrom('settings.saveFailed', event.error) }),
        },
      },
    },
    enteringEmailCode: {
      on: {
        submitCode: [
          {
            guard: 'isCompleteCode',
            target: 'confirmingEmail',
            actions: assign(({ event }) => ({ code: event.code, error: undefined })),
          },
          { actions: assign({ error: { key: 'auth.enterCode' } }) },
        ],
        cancelEmailChange: {
          target: 'editing',
          actions: assign({ pendingEmail: undefined, error: undefined }),
        },
      },
    },
    confirmingEmail: {
      invoke: {
        id: 'confirmEmail',
        src: 'confirmEmail',
        input: ({ context }) => ({ code: Number(context.code) }),
        onDone: {
          target: 'editing',
          actions: [
            assign(({ context, event }) => ({
              fields: { ...context.fields, email: event.output.email },
              savedEmail: event.output.email,
              pendingEmail: undefined,
              code: '',
            })),
            { type: 'saved', params: ({ event }) => event.output },
            { type: 'notify', params: { kind: 'success', feedback: { key: 'settings.emailChanged' } } },
          ],
        },
        onError: {
          target: 'enteringEmailCode',
          actions: assign({ error: ({ event }) => failureFrom('settings.emailChangeFailed', event.error) }),
        },
      },
    },
  },
})

export type ProfileFormState = 'editing' | 'saving' | 'enteringEmailCode' | 'confirmingEmail'
