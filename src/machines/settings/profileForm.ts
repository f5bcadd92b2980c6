import { assign, not, setup, type StateValueFrom } from 'xstate'
import { codeStepSetup, submitCode } from '../parts/codeStep.ts'
import { failureFrom, type Feedback, type Notice } from '../parts/feedback.ts'
import { routeActor, routeMachine } from '../parts/routeMachine.ts'

/** The PATCH /user/profile payload; blank text clears a field. */
export type ProfileFields = { name: string; phone: string; email: string; residentalAddress: string }
export type ProfileField = keyof ProfileFields
/** What a save sends: the fields, and the current password when the e-mail address changes. */
export type ProfileSave = ProfileFields & { currentPassword?: string }
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
  /** Asked for when `fields.email` differs from `savedEmail`; forgotten after each save. */
  currentPassword: string
  pendingEmail?: string
  code: string
  error?: Feedback
}
type Events =
  | { type: 'change'; field: ProfileField; value: string }
  | { type: 'changeCurrentPassword'; value: string }
  | { type: 'save' }
  | { type: 'submitCode'; code: string }
  | { type: 'cancelEmailChange' }

const codeStep = codeStepSetup<Context, Events>()

/** The field each of the form's own checks is about, so the form shows it there. */
export const PROFILE_CHECKS = {
  'auth.enterEmail': 'email',
  'settings.currentPasswordRequired': 'currentPassword',
} as const

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
/** Whether the form holds typing not saved yet (spaces around a value do not count). */
export function hasUnsavedChanges(fields: ProfileFields, saved: SavedProfile): boolean {
  const typed = trimmed(fields)
  const stored = fieldsOf(saved)
  return (Object.keys(typed) as ProfileField[]).some((field) => typed[field] !== stored[field])
}

const changesEmail = (context: Context) => context.fields.email.trim() !== context.savedEmail
const saveOf = (context: Context): ProfileSave =>
  changesEmail(context)
    ? { ...trimmed(context.fields), currentPassword: context.currentPassword }
    : trimmed(context.fields)

/**
 * The settings modal's personal info: name, address, e-mail and phone, saved together.
 * A new e-mail address needs the current password and takes effect only once the code
 * mailed to it is confirmed (docs/product.md §4.4), so a save that changes it continues with the code entry.
 */
const machine = setup({
  types: {} as { context: Context; events: Events; input: SavedProfile },
  actors: {
    save: routeActor<SavedProfile, ProfileSave>(),
    confirmEmail: routeActor<SavedProfile, { code: number }>(),
  },
  actions: {
    ...codeStep.actions,
    notify: (_, _notice: Notice) => {},
    /** The route keeps the signed-in profile in step with what was saved. */
    saved: (_, _profile: SavedProfile) => {},
  },
  guards: {
    hasEmail: ({ context }) => context.fields.email.trim() !== '',
    lacksPasswordForNewEmail: ({ context }) => changesEmail(context) && context.currentPassword === '',
    ...codeStep.guards,
  },
}).createMachine({
  id: 'profileForm',
  initial: 'editing',
  context: ({ input }) => ({
    fields: fieldsOf(input),
    savedEmail: input.email,
    currentPassword: '',
    code: '',
  }),
  states: {
    editing: {
      on: {
        change: {
          actions: assign({
            fields: ({ context, event }) => ({ ...context.fields, [event.field]: event.value }),
            error: undefined,
          }),
        },
        changeCurrentPassword: {
          actions: assign({ currentPassword: ({ event }) => event.value, error: undefined }),
        },
        save: [
          { guard: not('hasEmail'), actions: assign({ error: { key: 'auth.enterEmail' } }) },
          {
            guard: 'lacksPasswordForNewEmail',
            actions: assign({ error: { key: 'settings.currentPasswordRequired' } }),
          },
          { target: 'saving', actions: assign({ error: undefined }) },
        ],
      },
    },
    saving: {
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => saveOf(context),
        onDone: [
          {
            guard: ({ event }) => event.output.pendingEmail !== undefined,
            target: 'enteringEmailCode',
            actions: [
              assign(({ event }) => ({
                fields: fieldsOf(event.output),
                savedEmail: event.output.email,
                currentPassword: '',
                pendingEmail: event.output.pendingEmail,
              })),
              { type: 'saved', params: ({ event }) => event.output },
              { type: 'notify', params: { kind: 'success', feedback: { key: 'settings.codeSent' } } },
            ],
          },
          {
            target: 'editing',
            actions: [
              assign(({ event }) => ({
                fields: fieldsOf(event.output),
                savedEmail: event.output.email,
                currentPassword: '',
              })),
              { type: 'saved', params: ({ event }) => event.output },
              { type: 'notify', params: { kind: 'success', feedback: { key: 'settings.saved' } } },
            ],
          },
        ],
        // A failed save is said in the form, so nothing is lost silently.
        onError: {
          target: 'editing',
          actions: assign({
            currentPassword: '',
            error: ({ event }) => failureFrom('settings.saveFailed', event.error),
          }),
        },
      },
    },
    enteringEmailCode: {
      on: {
        submitCode: submitCode('confirmingEmail'),
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
export const profileFormMachine = routeMachine(machine)

export type ProfileFormState = StateValueFrom<typeof machine>
