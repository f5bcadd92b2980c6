import { assign, setup } from 'xstate'
import {
  canSave,
  draftProblems,
  hasProblems,
  refusedFields,
  type PropertyDraft,
} from '../../domain/property.ts'
import { failureFrom, type Feedback, type Notice } from '../parts/feedback.ts'
import { routeActor, routeMachine } from '../parts/routeMachine.ts'

export type PropertyTab = 'about' | 'connections' | 'statistics' | 'team'
export const EDIT_TABS: PropertyTab[] = ['about', 'connections']
/** Team is the owner's alone: the modal leaves it out for a property shared with the reader. */
export const VIEW_TABS: PropertyTab[] = ['about', 'connections', 'statistics', 'team']

/** What Save sends: the edited form, the photos added, and the stored photos the host removed. */
export type PropertyChanges = { draft: PropertyDraft; newPhotos: File[]; removedImageIds: string[] }

/** `refusal`: the server's last refusal of a save, whose fields the form shows at them. */
type Context = { propertyId: string; tab: PropertyTab; refusal?: Feedback }
type Events =
  | { type: 'toggleMode' }
  | { type: 'selectTab'; tab: PropertyTab }
  | { type: 'save'; changes: PropertyChanges }
  | { type: 'requestDelete' }
  | { type: 'cancelDelete' }
  | { type: 'confirmDelete' }
  /** Escape, a click outside or the close button; `dirty` when the draft holds unsaved changes. */
  | { type: 'close'; dirty: boolean }
  | { type: 'keepEditing' }
  | { type: 'discard' }

/**
 * The tab that shows a problem: a platform link's is on Connections, every other field (the
 * photos too) on About.
 */
const tabOf = (field: string): PropertyTab => (field.startsWith('link:') ? 'connections' : 'about')

/** Where Save's problems show. The open tab while it shows one, else the first that does. */
export function tabForProblems(problems: Readonly<Record<string, unknown>>, open: PropertyTab): PropertyTab {
  const tabs = Object.keys(problems).map(tabOf)
  return tabs.includes(open) ? open : (tabs[0] ?? open)
}

const notifyFailure = (key: string) => ({
  type: 'notify' as const,
  params: ({ event }: { event: { error: unknown } }): Notice => ({
    kind: 'error',
    feedback: failureFrom(key, event.error),
  }),
})

/**
 * The edit/view modal (docs/product.md §2.10): it opens in view mode, as a card click asks to see the
 * property (docs/decisions.md), and Edit switches; the view/edit toggle keeps the tab,
 * except that switching to edit goes back to About, because Statistics exists only in view mode.
 * Delete asks first. A successful save or delete closes the modal; a failure keeps it open.
 * A draft with a problem is never sent (Save opens the tab that shows it), and closing
 * with unsaved changes asks first, from either mode: the question shows over the edit form.
 */
const machine = setup({
  types: {} as { context: Context; events: Events; input: { propertyId: string } },
  actors: {
    saveProperty: routeActor<unknown, { propertyId: string; changes: PropertyChanges }>(),
    deleteProperty: routeActor<unknown, { propertyId: string }>(),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    showTab: assign({ tab: ({ event }) => (event.type === 'selectTab' ? event.tab : 'about') }),
    showProblemTab: assign({
      tab: ({ context, event }) =>
        event.type === 'save' ? tabForProblems(draftProblems(event.changes.draft), context.tab) : context.tab,
    }),
  },
  guards: {
    isEditTab: ({ event }) => event.type === 'selectTab' && EDIT_TABS.includes(event.tab),
    // The server's checks are made first; a draft with a problem is never sent.
    isSavable: ({ event }) =>
      event.type === 'save' &&
      canSave(event.changes.draft) &&
      !hasProblems(draftProblems(event.changes.draft)),
    isDirty: ({ event }) => event.type === 'close' && event.dirty,
  },
}).createMachine({
  id: 'propertyModal',
  initial: 'viewing',
  context: ({ input }) => ({ propertyId: input.propertyId, tab: 'about' }),
  states: {
    editing: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            toggleMode: '#propertyModal.viewing',
            selectTab: { guard: 'isEditTab', actions: 'showTab' },
            save: [
              { guard: 'isSavable', target: 'saving', actions: assign({ refusal: undefined }) },
              { actions: 'showProblemTab' },
            ],
            requestDelete: 'confirmingDelete',
            close: [{ guard: 'isDirty', target: 'confirmingDiscard' }, { target: '#propertyModal.closed' }],
          },
        },
        /** "Discard your changes?": the draft stays on screen under the question. */
        confirmingDiscard: {
          on: { keepEditing: 'idle', discard: '#propertyModal.closed' },
        },
        confirmingDelete: {
          on: { cancelDelete: 'idle', confirmDelete: 'deleting' },
        },
        saving: {
          invoke: {
            id: 'save',
            src: 'saveProperty',
            input: ({ context, event }) => {
              if (event.type !== 'save') throw new Error('saving starts with a save event')
              return { propertyId: context.propertyId, changes: event.changes }
            },
            onDone: {
              target: '#propertyModal.closed',
              actions: { type: 'notify', params: { kind: 'success', feedback: { key: 'property.updated' } } },
            },
            onError: {
              target: 'idle',
              actions: [
                assign(({ context, event }) => {
                  const refusal = failureFrom('property.updateFailed', event.error)
                  return { refusal, tab: tabForProblems(refusedFields(refusal.fields), context.tab) }
                }),
                notifyFailure('property.updateFailed'),
              ],
            },
          },
        },
        deleting: {
          invoke: {
            id: 'delete',
            src: 'deleteProperty',
            input: ({ context }) => ({ propertyId: context.propertyId }),
            onDone: {
              target: '#propertyModal.closed',
              actions: { type: 'notify', params: { kind: 'success', feedback: { key: 'property.deleted' } } },
            },
            onError: { target: 'idle', actions: notifyFailure('property.deleteFailed') },
          },
        },
      },
    },
    viewing: {
      on: {
        toggleMode: { target: 'editing', actions: assign({ tab: 'about' }) },
        selectTab: { actions: 'showTab' },
        // The draft is kept while the host looks at the stored property; the question shows it.
        close: [
          { guard: 'isDirty', target: 'editing.confirmingDiscard', actions: assign({ tab: 'about' }) },
          { target: 'closed' },
        ],
      },
    },
    closed: { type: 'final' },
  },
})
export const propertyModalMachine = routeMachine(machine)
