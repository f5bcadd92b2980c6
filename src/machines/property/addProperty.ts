import { assign, setup } from 'xstate'
import { canCreate, draftProblems, hasProblems, type PropertyDraft } from '../../domain/property.ts'
import { failureFrom, type Feedback, type Notice } from '../parts/feedback.ts'
import { routeActor, routeMachine } from '../parts/routeMachine.ts'

/** What the add form submits: the typed fields and the picked photos, first one the main photo. */
export type NewProperty = { draft: PropertyDraft; photos: File[] }

/**
 * `close` says whether the form holds anything the host typed or picked: a dirty
 * draft is only dropped after the host confirms.
 */
type Events =
  | { type: 'submit'; property: NewProperty }
  | { type: 'close'; dirty: boolean }
  | { type: 'keepEditing' }
  | { type: 'discard' }

/**
 * The add-property modal (docs/product.md §2.9): editing, then creating; success closes it, failure
 * keeps it open.
 */
const machine = setup({
  /** `refusal`: the server's last refusal, whose fields the form shows at them. */
  types: {} as { context: { refusal?: Feedback }; events: Events },
  actors: {
    createProperty: routeActor<unknown, NewProperty>(),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
  },
  guards: {
    // The server's checks are made first; a form with a problem is never sent.
    isCreatable: ({ event }) =>
      event.type === 'submit' &&
      canCreate(event.property.draft) &&
      !hasProblems(draftProblems(event.property.draft)),
    isDirty: ({ event }) => event.type === 'close' && event.dirty,
  },
}).createMachine({
  id: 'addProperty',
  initial: 'editing',
  context: {},
  states: {
    editing: {
      on: {
        submit: { guard: 'isCreatable', target: 'creating', actions: assign({ refusal: undefined }) },
        close: [{ guard: 'isDirty', target: 'confirmingDiscard' }, { target: 'closed' }],
      },
    },
    /** "Discard this property?": the draft stays on screen under the question. */
    confirmingDiscard: {
      on: {
        keepEditing: 'editing',
        discard: 'closed',
      },
    },
    creating: {
      invoke: {
        id: 'create',
        src: 'createProperty',
        input: ({ event }) => {
          if (event.type !== 'submit') throw new Error('creating starts with a submit event')
          return event.property
        },
        onDone: {
          target: 'closed',
          actions: { type: 'notify', params: { kind: 'success', feedback: { key: 'property.created' } } },
        },
        onError: {
          target: 'editing',
          actions: [
            assign({ refusal: ({ event }) => failureFrom('property.createFailed', event.error) }),
            {
              type: 'notify',
              params: ({ event }) => ({
                kind: 'error',
                feedback: failureFrom('property.createFailed', event.error),
              }),
            },
          ],
        },
      },
    },
    closed: { type: 'final' },
  },
})
export const addPropertyMachine = routeMachine(machine)
