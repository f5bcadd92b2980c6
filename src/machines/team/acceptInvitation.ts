import { assign, setup, type StateValueFrom } from 'xstate'
import type { TeamRole } from '../../../contract/team.ts'
import { failureFrom, wasNotFound, type Feedback } from '../parts/feedback.ts'
import { routeActor, routeMachine } from '../parts/routeMachine.ts'

/** What an acceptance opened: the property (its name when the reader may now see it) and as what. */
export type Accepted = { propertyId: string; role: TeamRole; propertyName?: string }

type Context = { token: string; signedIn: boolean; accepted?: Accepted; error?: Feedback }
type Events = { type: 'accept' } | { type: 'retry' } | { type: 'switchAccount' }

const statusOf = (error: unknown) => (error as { status?: unknown } | null)?.status
type ErrorEvent = { error?: unknown }

/**
 * /team/invitation/{token}: the page the invitation mail links to (docs/product.md §7.13). Opening
 * it changes nothing (mail scanners open links too); only "Accept" does, signed in. Signed out, it
 * offers to sign in or to register, each coming back here. Another account than the invited one
 * (403) may sign out to sign in with the invited address; the owner's own property (409) and an
 * invitation gone (404) end there; any other failure may be tried again.
 */
const machine = setup({
  types: {} as { context: Context; events: Events; input: { token: string; signedIn: boolean } },
  actors: {
    accept: routeActor<Accepted, { token: string }>(),
    signOut: routeActor<void, void>(),
  },
  guards: {
    noSession: ({ context }) => !context.signedIn,
    isGone: ({ event }) => wasNotFound((event as ErrorEvent).error),
    isSignedOut: ({ event }) => statusOf((event as ErrorEvent).error) === 401,
    isOtherAccount: ({ event }) => statusOf((event as ErrorEvent).error) === 403,
    isOwnProperty: ({ event }) => statusOf((event as ErrorEvent).error) === 409,
  },
  actions: {
    keepError: assign({
      error: ({ event }) => failureFrom('team.accept.failed', (event as ErrorEvent).error),
    }),
  },
}).createMachine({
  id: 'acceptInvitation',
  context: ({ input }) => ({ token: input.token, signedIn: input.signedIn }),
  initial: 'idle',
  states: {
    // No one signed in on this browser, as the session's hint says: nothing to accept with yet.
    idle: { always: { guard: 'noSession', target: 'signedOut' }, on: { accept: 'accepting' } },
    accepting: {
      invoke: {
        id: 'accept',
        src: 'accept',
        input: ({ context }) => ({ token: context.token }),
        onDone: {
          target: 'accepted',
          actions: assign({ accepted: ({ event }) => event.output, error: undefined }),
        },
        onError: [
          { guard: 'isGone', target: 'gone' },
          { guard: 'isSignedOut', target: 'signedOut' },
          { guard: 'isOtherAccount', target: 'otherAccount', actions: 'keepError' },
          { guard: 'isOwnProperty', target: 'ownProperty', actions: 'keepError' },
          { target: 'failed', actions: 'keepError' },
        ],
      },
    },
    accepted: { type: 'final' },
    failed: { on: { retry: 'accepting' } },
    otherAccount: { on: { switchAccount: 'signingOut' } },
    signingOut: {
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: { target: 'signedOut', actions: assign({ error: undefined }) },
        onError: { target: 'otherAccount', actions: 'keepError' },
      },
    },
    /** Sign in, or create an account: either comes back here to accept. */
    signedOut: { type: 'final' },
    ownProperty: { type: 'final' },
    gone: { type: 'final' },
  },
})
export const acceptInvitationMachine = routeMachine(machine)

export type AcceptInvitationState = StateValueFrom<typeof machine>
