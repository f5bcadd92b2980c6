import { assign, not, setup } from 'xstate'
import type { DateOnly } from '../../domain/dates.ts'
import {
  MAX_MANUAL_NIGHTS,
  parsePrice,
  stayDatesProblem,
  type ManualStayValues,
} from '../../domain/manualStays.ts'
import { failureFrom, type Feedback, type Notice } from '../parts/feedback.ts'
import { routeActor, routeMachine } from '../parts/routeMachine.ts'

/** A manual stay on the calendar: what the edit form starts from and the delete dialog names. */
export type ManualStayRef = ManualStayValues & { propertyId: string; stayId: string }
/** What saving sends: a new stay when `stayId` is null, else the changes to that one. */
export type SaveStayInput = { propertyId: string; stayId: string | null; values: ManualStayValues }
export type RemoveStayInput = { propertyId: string; stayId: string }

type Context = {
  propertyId: string
  /** Null while adding a stay. */
  stayId: string | null
  values: ManualStayValues
  error?: Feedback
  /**
   * Where the error shows: at the dates or the price (the form's own checks) or for the whole
   * form (the server's).
   */
  errorAt?: 'dates' | 'price' | 'form'
}

type Events =
  | { type: 'add'; propertyId: string; start: DateOnly; end: DateOnly }
  | { type: 'edit'; stay: ManualStayRef }
  | { type: 'remove'; stay: ManualStayRef }
  | { type: 'submit'; propertyId: string; values: ManualStayValues }
  | { type: 'confirm' }
  /** Cancel, Escape or a click outside; while editing, `dirty` when the form holds unsaved input. */
  | { type: 'cancel'; dirty?: boolean }
  | { type: 'keepEditing' }
  | { type: 'discard' }

const EMPTY_VALUES: ManualStayValues = {
  start: '',
  end: '',
  kind: 'booking',
  guestName: '',
  note: '',
  price: '',
  priceBasis: 'night',
}

const datesOf = (event: Events) =>
  event.type === 'submit' ? stayDatesProblem(event.values.start, event.values.end) : null

/** A submitted form keeps its values; a new stay may have moved to another property. */
const submitted = ({ context, event }: { context: Context; event: Events }) =>
  event.type === 'submit'
    ? { values: event.values, propertyId: context.stayId === null ? event.propertyId : context.propertyId }
    : {}

const fromStay = (stay: ManualStayRef) => {
  const { propertyId, stayId, ...values } = stay
  return { propertyId, stayId, values, error: undefined, errorAt: undefined }
}

/**
 * A host adds a stay or a block by hand on the calendar (from a day, or from the
 * header), and edits or deletes one from the bookings modal. The form checks the dates as the
 * server does (check-out after check-in, 365 nights at most), and a booking's price per night or
 * for the stay (a non-negative amount in cents, within its bound); the server's refusal (its own
 * translated words) keeps the form open with what was typed. Deleting asks first, and so does
 * closing a form that holds unsaved input.
 */
const machine = setup({
  types: {} as { context: Context; events: Events },
  actors: {
    saveStay: routeActor<unknown, SaveStayInput>(),
    removeStay: routeActor<unknown, RemoveStayInput>(),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    /** The route reloads that property's calendar (and what counts its stays). */
    changed: (_, _params: { propertyId: string }) => {},
  },
  guards: {
    endsAfterStart: ({ event }) => datesOf(event) !== 'endNotAfterStart',
    withinMaxNights: ({ event }) => datesOf(event) !== 'tooLong',
    // A block earns nothing: whatever price was typed before switching to it is not sent.
    priceValid: ({ event }) =>
      event.type !== 'submit' ||
      event.values.kind === 'block' ||
      parsePrice(event.values.price, event.values.priceBasis) !== 'invalid',
    isDirty: ({ event }) => event.type === 'cancel' && event.dirty === true,
  },
}).createMachine({
  id: 'manualStay',
  initial: 'closed',
  context: { propertyId: '', stayId: null, values: EMPTY_VALUES },
  states: {
    closed: {
      on: {
        add: {
          target: 'editing',
          actions: assign(({ event }) => ({
            propertyId: event.propertyId,
            stayId: null,
            values: { ...EMPTY_VALUES, start: event.start, end: event.end },
            error: undefined,
            errorAt: undefined,
          })),
        },
        edit: { target: 'editing', actions: assign(({ event }) => fromStay(event.stay)) },
        remove: { target: 'confirmingDelete', actions: assign(({ event }) => fromStay(event.stay)) },
      },
    },
    editing: {
      on: {
        submit: [
          {
            guard: not('endsAfterStart'),
            actions: assign((args) => ({
              ...submitted(args),
              error: { key: 'manualStay.errors.endNotAfterStart' },
              errorAt: 'dates' as const,
            })),
          },
          {
            guard: not('withinMaxNights'),
            actions: assign((args) => ({
              ...submitted(args),
              error: { key: 'manualStay.errors.tooLong', params: { count: MAX_MANUAL_NIGHTS } },
              errorAt: 'dates' as const,
            })),
          },
          {
            guard: not('priceValid'),
            actions: assign((args) => ({
              ...submitted(args),
              error: { key: 'manualStay.errors.price' },
              errorAt: 'price' as const,
            })),
          },
          {
            target: 'saving',
            actions: assign((args) => ({ ...submitted(args), error: undefined, errorAt: undefined })),
          },
        ],
        // What was typed is not dropped without asking.
        cancel: [
          { guard: 'isDirty', target: 'confirmingDiscard' },
          { target: 'closed', actions: assign({ error: undefined, errorAt: undefined }) },
        ],
      },
    },
    /**
     * "Discard this stay?" for a new one, "Discard your changes?" for a saved one: the form stays
     * on screen, as typed, under the question.
     */
    confirmingDiscard: {
      on: {
        keepEditing: 'editing',
        discard: { target: 'closed', actions: assign({ error: undefined, errorAt: undefined }) },
      },
    },
    saving: {
      invoke: {
        id: 'saveStay',
        src: 'saveStay',
        input: ({ context }) => ({
          propertyId: context.propertyId,
          stayId: context.stayId,
          values: context.values,
        }),
        onDone: {
          target: 'closed',
          actions: [
            { type: 'changed', params: ({ context }) => ({ propertyId: context.propertyId }) },
            {
              type: 'notify',
              params: ({ context }) => ({
                kind: 'success',
                feedback: { key: context.stayId === null ? 'manualStay.added' : 'manualStay.updated' },
              }),
            },
          ],
        },
        onError: {
          target: 'editing',
          actions: assign({
            error: ({ event }) => failureFrom('manualStay.saveFailed', event.error),
            errorAt: 'form',
          }),
        },
      },
    },
    confirmingDelete: {
      on: {
        confirm: { target: 'deleting', actions: assign({ error: undefined, errorAt: undefined }) },
        cancel: { target: 'closed', actions: assign({ error: undefined, errorAt: undefined }) },
      },
    },
    deleting: {
      invoke: {
        id: 'removeStay',
        src: 'removeStay',
        input: ({ context }) => ({ propertyId: context.propertyId, stayId: context.stayId ?? '' }),
        onDone: {
          target: 'closed',
          actions: [
            { type: 'changed', params: ({ context }) => ({ propertyId: context.propertyId }) },
            { type: 'notify', params: { kind: 'success', feedback: { key: 'manualStay.deleted' } } },
          ],
        },
        onError: {
          target: 'confirmingDelete',
          actions: assign({
            error: ({ event }) => failureFrom('manualStay.deleteFailed', event.error),
            errorAt: 'form',
          }),
        },
      },
    },
  },
})
export const manualStayMachine = routeMachine(machine)
