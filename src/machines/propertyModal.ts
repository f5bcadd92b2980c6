import { assign, fromPromise, setup } from 'xstate'
import { canSave, type PropertyDraft } from '../domain/property.ts'
import { failureFrom, type Notice } from './feedback.ts'

export type PropertyTab = 'about' | 'connections' | 'statistics'
export const EDIT_TABS: PropertyTab[] = ['about', 'connections']
export const VIEW_TABS: PropertyTab[] = ['about', 'connections', 'statistics']

/** What Save sends: the edited form, the photos added, and the stored photos the host removed. */
export type PropertyChanges = { draft: PropertyDraft; newPhotos: File[]; removedImageIds: string[] }

type Context = { propertyId: string; tab: PropertyTab }
type Events =
  | { type: 'toggleMode' }
  | { type: 'selectTab'; tab: PropertyTab }
  | { type: 'save'; changes: PropertyChanges }
  | { type: 'requestDelete' }
  | { type: 'cancelDelete' }
  | { type: 'confirmDelete' }
  | { type: 'close' }

const notifyFailure = (key: string) => ({
  type: 'notify' as const,
  params: ({ event }: { event: { error: unknown } }): Notice => ({
    kind: 'error',
    feedback: failureFrom(key, event.error),
  }),
})

/**
 * SPEC 2 and 4, the edit/view modal: it opens in edit mode; the view/edit toggle keeps the tab,
 * except that switching to edit goes back to About, because Statistics exists only in view mode.
 * Delete asks first. A successful save or delete closes the modal; a failure keeps it open.
 */
export const propertyModalMachine = setup({
  types: {} as { context: Context; events: Events; input: { propertyId: string } },
  actors: {
    saveProperty: fromPromise<unknown, { propertyId: string; changes: PropertyChanges }>(async () => {
      throw new Error('provided by the route')
    }),
    deleteProperty: fromPromise<unknown, { propertyId: string }>(async () => {
      throw new Error('provided by the route')
    }),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    showTab: assign({ tab: ({ event }) => (event.type === 'selectTab' ? event.tab : 'about') }),
  },
  guards: {
    isEditTab: ({ event }) => event.type === 'selectTab' && EDIT_TABS.includes(event.tab),
    isSavable: ({ event }) => event.type === 'save' && canSave(event.changes.draft),
  },
}).createMachine({
  id: 'propertyModal',
  initial: 'editing',
  context: ({ input }) => ({ propertyId: input.propertyId, tab: 'about' }),
  states: {
    editing: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            toggleMode: '#propertyModal.viewing',
            selectTab: { guard: 'isEditTab', actions: 'showTab' },
            save: { guard: 'isSavable', target: 'saving' },
            requestDelete: 'confirmingDelete',
            close: '#propertyModal.closed',
          },
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
            onError: { target: 'idle', actions: notifyFailure('property.updateFailed') },
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
        close: 'closed',
      },
    },
    closed: { type: 'final' },
  },
})

export type PropertyModalState =
  'editing.idle' | 'editing.confirmingDelete' | 'editing.saving' | 'editing.deleting' | 'viewing' | 'closed'
