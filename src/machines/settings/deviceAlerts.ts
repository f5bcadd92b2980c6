import { assign, setup, type StateValueFrom } from 'xstate'
import { failureFrom, type Feedback } from '../parts/feedback.ts'
import { routeActor, routeMachine } from '../parts/routeMachine.ts'

/** What this browser can do with alerts, as it is found when the settings open. */
export type DeviceAlertsFound = 'unsupported' | 'blocked' | 'off' | 'on'

type Context = { error?: Feedback }
type Events = { type: 'enable' } | { type: 'disable' } | { type: 'test' }

/**
 * A failure in words: the server's own message when it answered, else the flow's key (a
 * browser's refusal to subscribe is in its own language, never the reader's).
 */
function alertsFailure(error: unknown): Feedback {
  const feedback = failureFrom('alerts.failed', error)
  return (error as { status?: unknown } | null)?.status === undefined ? { key: feedback.key } : feedback
}

const failed = assign<Context, { type: string; error: unknown }, undefined, Events, never>({
  error: ({ event }) => alertsFailure(event.error),
})

/**
 * Alerts on this device (docs/product.md §12.6): the browser is asked for its permission only
 * after the person's tap; a refusal is said as blocked, with where to change it. A browser without
 * push (Safari outside an installed app) says how to add Manzil to the Home Screen instead. On,
 * it offers a test and Turn off; a failure is said in place and changes nothing.
 */
const machine = setup({
  types: {} as { context: Context; events: Events },
  actors: {
    find: routeActor<DeviceAlertsFound, void>(),
    /** Asks permission, subscribes this browser and registers it: on, or what stopped it. */
    enable: routeActor<'on' | 'off' | 'blocked', void>(),
    disable: routeActor<void, void>(),
    sendTest: routeActor<void, void>(),
  },
  actions: {
    logFailure: (_, _failure: { error: unknown }) => {},
  },
}).createMachine({
  id: 'deviceAlerts',
  initial: 'finding',
  context: {},
  states: {
    finding: {
      invoke: {
        id: 'find',
        src: 'find',
        onDone: [
          { guard: ({ event }) => event.output === 'unsupported', target: 'unsupported' },
          { guard: ({ event }) => event.output === 'blocked', target: 'blocked' },
          { guard: ({ event }) => event.output === 'on', target: 'on' },
          { target: 'off' },
        ],
        // A browser that cannot even say is one without alerts.
        onError: { target: 'unsupported' },
      },
    },
    unsupported: {},
    blocked: {},
    off: {
      on: { enable: { target: 'enabling', actions: assign({ error: undefined }) } },
    },
    enabling: {
      invoke: {
        id: 'enable',
        src: 'enable',
        onDone: [
          { guard: ({ event }) => event.output === 'on', target: 'on' },
          { guard: ({ event }) => event.output === 'blocked', target: 'blocked' },
          // The permission prompt dismissed: nothing changed.
          { target: 'off' },
        ],
        onError: {
          target: 'off',
          actions: [failed, { type: 'logFailure', params: ({ event }) => ({ error: event.error }) }],
        },
      },
    },
    on: {
      on: {
        disable: { target: 'disabling', actions: assign({ error: undefined }) },
        test: { target: 'testing', actions: assign({ error: undefined }) },
      },
    },
    // On, and the test just sent: it says so until the next action.
    tested: {
      on: {
        disable: { target: 'disabling' },
        test: { target: 'testing' },
      },
    },
    disabling: {
      invoke: {
        id: 'disable',
        src: 'disable',
        onDone: { target: 'off' },
        onError: {
          target: 'on',
          actions: [failed, { type: 'logFailure', params: ({ event }) => ({ error: event.error }) }],
        },
      },
    },
    testing: {
      invoke: {
        id: 'sendTest',
        src: 'sendTest',
        onDone: { target: 'tested' },
        onError: {
          target: 'on',
          actions: [failed, { type: 'logFailure', params: ({ event }) => ({ error: event.error }) }],
        },
      },
    },
  },
})
export const deviceAlertsMachine = routeMachine(machine)
export type DeviceAlertsState = StateValueFrom<typeof machine>
