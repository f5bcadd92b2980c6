import { assign, fromCallback, setup } from 'xstate'
import type { StreamNotification as StreamData } from '../../../contract/notification.ts'
import { routeMachine } from '../parts/routeMachine.ts'

/**
 * What the stream's `notification` event carries, every field of a stored
 * notification's data (kind, stay, previous, other, nights…) with its id, title and time.
 */
export type StreamNotification = Omit<StreamData, 'title'> & { title?: string | null }

/**
 * What the connection reports back to the machine. `replaced`: the server ended the stream for a
 * newer one of the same session (another tab past the session's share, docs/product.md §12.2).
 */
export type ConnectionEvent =
  | { type: 'opened' }
  | { type: 'dropped' }
  | { type: 'replaced' }
  | { type: 'received'; notification: StreamNotification }

type Events = ConnectionEvent | { type: 'close' }

export const FIRST_RETRY_MS = 1000
export const MAX_RETRY_MS = 30_000

/** 1 s, 2 s, 4 s … after each failed try in a row, never more than 30 s. */
export const retryDelay = (failures: number) =>
  Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1), MAX_RETRY_MS)

/**
 * The live notification stream while someone is signed in: one connection at a time, a new one
 * after a drop with growing pauses (reset once a connection opens), none after `close`. A
 * connection replaced by a newer one of its session waits the longest pause before trying
 * again: tabs past the session's share then take turns every 30 s instead of replacing each
 * other as fast as they reconnect.
 * The connection itself (an EventSource in the browser) is the injected `connect` actor; it
 * lives as long as the `live` state, so leaving that state closes it.
 */
const machine = setup({
  types: {} as { context: { failures: number }; events: Events },
  actors: {
    connect: fromCallback<{ type: 'close' }>(() => {
      throw new Error('provided by the route')
    }),
  },
  actions: {
    deliver: (_, _notification: StreamNotification) => {},
  },
  delays: {
    retry: ({ context }) => retryDelay(context.failures),
    longestPause: MAX_RETRY_MS,
  },
}).createMachine({
  id: 'notificationStream',
  context: { failures: 0 },
  initial: 'live',
  states: {
    live: {
      invoke: { src: 'connect' },
      initial: 'connecting',
      states: {
        connecting: { on: { opened: 'open' } },
        open: { entry: assign({ failures: 0 }) },
      },
      on: {
        received: {
          actions: { type: 'deliver', params: ({ event }) => event.notification },
        },
        dropped: {
          target: 'reconnecting',
          actions: assign({ failures: ({ context }) => context.failures + 1 }),
        },
        replaced: 'replaced',
      },
    },
    reconnecting: { after: { retry: 'live' } },
    replaced: { after: { longestPause: 'live' } },
    closed: { type: 'final' },
  },
  on: { close: '.closed' },
})
export const notificationStreamMachine = routeMachine(machine)
