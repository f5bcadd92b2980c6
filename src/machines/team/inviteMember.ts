import { assign, setup, type StateValueFrom } from 'xstate'
import type { TeamInvitation, TeamRole } from '../../../contract/team.ts'
import { failureFrom, type Feedback } from '../parts/feedback.ts'
import { routeActor, routeMachine } from '../parts/routeMachine.ts'

export type InviteValues = { email: string; role: TeamRole }

type Context = { values: InviteValues; invited?: TeamInvitation; error?: Feedback }
type Events = { type: 'submit'; values: InviteValues }

// Enough to catch a slip of the keyboard; the server checks the address fully.
const looksLikeEmail = (text: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text)

const refusedForm = ({ email }: InviteValues): Feedback | undefined =>
  looksLikeEmail(email.trim())
    ? undefined
    : { key: 'team.emailInvalid', fieldKeys: { email: 'team.emailInvalid' } }

/**
 * The Team tab's invitation (docs/product.md §7.13): an address and a role; a slip of the keyboard
 * is shown at the field before anything is sent. Once sent, the form is empty again and says to
 * whom it went, ready for the next; a refusal (an address already on the team, the owner's own,
 * the day's quota) keeps what was typed and says why, at the field when the server names it.
 */
const machine = setup({
  types: {} as { context: Context; events: Events },
  actors: {
    invite: routeActor<TeamInvitation, InviteValues>(),
  },
  actions: {
    keepRefused: assign(({ event }) => ({ values: event.values, error: refusedForm(event.values) })),
    keepValues: assign(({ event }) => ({ values: event.values, error: undefined })),
    /** The route reloads the team. */
    invited: () => {},
  },
  guards: {
    isRefused: ({ event }) => refusedForm(event.values) !== undefined,
  },
}).createMachine({
  id: 'inviteMember',
  initial: 'form',
  context: { values: { email: '', role: 'cohost' } },
  states: {
    /** The form, as typed, as left by a sent invitation, or by a refused one. */
    form: {
      initial: 'editing',
      on: {
        submit: [
          { guard: 'isRefused', target: '.editing', actions: 'keepRefused' },
          { target: 'sending', actions: 'keepValues' },
        ],
      },
      states: { editing: {}, sent: {}, failed: {} },
    },
    sending: {
      invoke: {
        id: 'invite',
        src: 'invite',
        input: ({ context }) => ({ email: context.values.email.trim(), role: context.values.role }),
        onDone: {
          target: 'form.sent',
          actions: [
            assign(({ event, context }) => ({
              invited: event.output,
              // The next invitation starts empty, with the role just used.
              values: { email: '', role: context.values.role },
            })),
            'invited',
          ],
        },
        onError: {
          target: 'form.failed',
          actions: assign({ error: ({ event }) => failureFrom('team.inviteFailed', event.error) }),
        },
      },
    },
  },
})
export const inviteMemberMachine = routeMachine(machine)

export type InviteMemberState = StateValueFrom<typeof machine>
