import { assign, not, setup } from 'xstate'
import { calendarLink, otherPlatformOfLink } from '../../domain/calendarLink.ts'
import { failureFrom, type Feedback, type Notice } from '../parts/feedback.ts'
import { routeActor, routeMachine } from '../parts/routeMachine.ts'

export type PlatformLink = { propertyId: string; platformName: string; urlPath: string }

type Context = PlatformLink & {
  /** The properties the dialog offers: those not linked to the platform yet. */
  propertyIds: string[]
  error?: Feedback
}
type Events =
  | { type: 'open'; platformName: string; propertyIds: string[] }
  | { type: 'submit'; propertyId: string; urlPath: string }
  /** Cancel, Escape or a click outside; `dirty` when a link was typed or pasted. */
  | { type: 'cancel'; dirty?: boolean }
  | { type: 'keepEditing' }
  | { type: 'discard' }

/** The field each of the dialog's own checks is about, so the form shows it there. */
export const CONNECT_CHECKS = {
  'integration.chooseProperty': 'propertyId',
  'integration.invalidLink': 'urlPath',
  'errors.property.otherPlatformLink': 'urlPath',
} as const

/**
 * Connect on the integration page adds a platform's calendar link to one of the
 * host's properties. Choose the property, paste the link, connect; a failure keeps the dialog.
 * Any property can be linked to any platform: the dialog offers the properties the platform does
 * not link yet, and opens only while there is one (docs/product.md §2.11).
 */
const machine = setup({
  types: {} as { context: Context; events: Events },
  actors: {
    connect: routeActor<unknown, PlatformLink>(),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    /** The route reloads what shows the links: the property list, the dashboard's count. */
    connected: (_, _link: PlatformLink) => {},
  },
  guards: {
    hasUnlinkedProperty: ({ event }) => event.type === 'open' && event.propertyIds.length > 0,
    hasProperty: ({ context, event }) =>
      event.type === 'submit' && context.propertyIds.includes(event.propertyId),
    // The link rules of the property form and the server (`src/domain/calendarLink.ts`).
    hasWebLink: ({ event }) => event.type === 'submit' && calendarLink(event.urlPath) !== null,
    isOtherPlatformLink: ({ context, event }) =>
      event.type === 'submit' && otherPlatformOfLink(event.urlPath, context.platformName) !== null,
    isDirty: ({ event }) => event.type === 'cancel' && event.dirty === true,
  },
}).createMachine({
  id: 'connectPlatform',
  initial: 'closed',
  context: { propertyId: '', platformName: '', urlPath: '', propertyIds: [] },
  states: {
    closed: {
      on: {
        open: {
          guard: 'hasUnlinkedProperty',
          target: 'editing',
          actions: assign(({ event }) => ({
            platformName: event.platformName,
            propertyIds: event.propertyIds,
            propertyId: event.propertyIds[0] ?? '',
            urlPath: '',
            error: undefined,
          })),
        },
      },
    },
    editing: {
      on: {
        submit: [
          { guard: not('hasProperty'), actions: assign({ error: { key: 'integration.chooseProperty' } }) },
          { guard: not('hasWebLink'), actions: assign({ error: { key: 'integration.invalidLink' } }) },
          {
            guard: 'isOtherPlatformLink',
            actions: assign(({ context, event }) => ({
              error: {
                key: 'errors.property.otherPlatformLink',
                params: {
                  platform: context.platformName,
                  other: otherPlatformOfLink(event.urlPath, context.platformName) ?? '',
                },
              },
            })),
          },
          {
            target: 'connecting',
            actions: assign(({ event }) => ({
              propertyId: event.propertyId,
              urlPath: event.urlPath.trim(),
              error: undefined,
            })),
          },
        ],
        cancel: [
          { guard: 'isDirty', target: 'confirmingDiscard' },
          { target: 'closed', actions: assign({ error: undefined }) },
        ],
      },
    },
    /** "Discard this link?": the dialog stays on screen, as typed, under the question. */
    confirmingDiscard: {
      on: {
        keepEditing: 'editing',
        discard: { target: 'closed', actions: assign({ error: undefined }) },
      },
    },
    connecting: {
      invoke: {
        id: 'connect',
        src: 'connect',
        input: ({ context }) => ({
          propertyId: context.propertyId,
          platformName: context.platformName,
          urlPath: context.urlPath,
        }),
        onDone: {
          target: 'closed',
          actions: [
            { type: 'connected', params: ({ context }) => context },
            { type: 'notify', params: { kind: 'success', feedback: { key: 'integration.connected' } } },
          ],
        },
        onError: {
          target: 'editing',
          actions: assign({ error: ({ event }) => failureFrom('integration.connectFailed', event.error) }),
        },
      },
    },
  },
})
export const connectPlatformMachine = routeMachine(machine)
