import { emit, setup } from 'xstate'

type Events = { type: 'close'; dirty: boolean } | { type: 'keepEditing' } | { type: 'discard' }

/**
 * A dialog whose form holds unsaved input asks before it closes (docs/product.md §2.22: Escape, a click
 * outside, the close button); a clean one closes at once. It emits `closed` for the route to
 * hide the dialog, and is ready for its next opening.
 */
export const closeGuardMachine = setup({
  types: {} as { events: Events; emitted: { type: 'closed' } },
  actions: {
    close: emit({ type: 'closed' as const }),
  },
  guards: {
    isDirty: ({ event }) => event.type === 'close' && event.dirty,
  },
}).createMachine({
  id: 'closeGuard',
  initial: 'idle',
  states: {
    idle: {
      on: { close: [{ guard: 'isDirty', target: 'confirmingDiscard' }, { actions: 'close' }] },
    },
    /** "Discard your changes?" over the dialog, which keeps what was typed. */
    confirmingDiscard: {
      on: { keepEditing: 'idle', discard: { target: 'idle', actions: 'close' } },
    },
  },
})
