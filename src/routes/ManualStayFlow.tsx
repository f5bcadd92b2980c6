import { useQueryClient } from '@tanstack/react-query'
import { fromPromise } from 'xstate'
import { api } from '../actors/api.ts'
import { DEFAULT_LABEL, type Booking } from '../domain/bookings.ts'
import { addDays, type DateOnly } from '../domain/dates.ts'
import { manualStayBody } from '../domain/manualStays.ts'
import { useI18n } from '../i18n.tsx'
import {
  manualStayMachine,
  type ManualStayRef,
  type ManualStayState,
  type RemoveStayInput,
  type SaveStayInput,
} from '../machines/manualStay.ts'
import { DeleteStayDialog } from '../ui/calendar/DeleteStayDialog.tsx'
import { ManualStayDialog } from '../ui/calendar/ManualStayDialog.tsx'
import { BOOKINGS_KEY } from './bookingKeys.ts'
import { ConfirmDiscardDialog } from '../ui/ConfirmDiscardDialog.tsx'
import { feedbackText, formFeedback, showNotice } from './notify.ts'
import { useFlow, type FlowImplementations } from './useFlow.ts'

export type ManualStayImplementations = FlowImplementations<typeof manualStayMachine>

type PropertyRef = { id: string; name: string }

/** A manual stay on the calendar as the flow's edit and delete start from it. */
export function manualStayOf(booking: Booking): ManualStayRef | null {
  if (!booking.manual || booking.stayId === null) return null
  return {
    propertyId: booking.propertyId,
    stayId: booking.stayId,
    start: booking.start,
    end: booking.end,
    kind: booking.kind,
    // A block names no guest; a booking's "Blocked" is SPEC's default label, not a name.
    guestName: booking.kind === 'booking' && booking.guestName !== DEFAULT_LABEL ? booking.guestName : '',
    note: booking.note ?? '',
  }
}

const saveStay = ({ propertyId, stayId, values }: SaveStayInput) =>
  stayId === null
    ? api.property.stay.create(propertyId, manualStayBody(values, 'create'))
    : api.property.stay.update(propertyId, stayId, manualStayBody(values, 'update'))

const removeStay = ({ propertyId, stayId }: RemoveStayInput) => api.property.stay.remove(propertyId, stayId)

/**
 * Issue 13: the add/edit/delete flow of manual stays, bound to the API; a saved or deleted stay
 * reloads that property's calendar. `implementations` is how a test hands in fakes.
 */
export function useManualStayFlow(implementations: ManualStayImplementations = {}) {
  const { t } = useI18n()
  const queryClient = useQueryClient()
  const [state, send] = useFlow(
    manualStayMachine
      .provide({
        actors: {
          saveStay: fromPromise<unknown, SaveStayInput>(({ input }) => saveStay(input)),
          removeStay: fromPromise<unknown, RemoveStayInput>(({ input }) => removeStay(input)),
        },
        actions: {
          notify: (_, notice) => showNotice(t, notice),
          changed: (_, { propertyId }) =>
            void queryClient.invalidateQueries({ queryKey: [...BOOKINGS_KEY, propertyId] }),
        },
      })
      .provide(implementations),
  )
  return {
    state,
    /** A new stay from `day` (one night), for `propertyId`. */
    add: (propertyId: string, day: DateOnly) =>
      send({ type: 'add', propertyId, start: day, end: addDays(day, 1) }),
    edit: (booking: Booking) => {
      const stay = manualStayOf(booking)
      if (stay) send({ type: 'edit', stay })
    },
    remove: (booking: Booking) => {
      const stay = manualStayOf(booking)
      if (stay) send({ type: 'remove', stay })
    },
    send,
  }
}

type DialogsProps = { flow: ReturnType<typeof useManualStayFlow>; properties: readonly PropertyRef[] }

/** The add/edit form and the delete confirmation, as the flow's state says. */
export function ManualStayDialogs({ flow: { state, send }, properties }: DialogsProps) {
  const { t } = useI18n()
  const value = state.value as ManualStayState
  const { propertyId, stayId, values, error, errorAt } = state.context
  const message = feedbackText(t, error)
  const refused = formFeedback(t, errorAt === 'form' ? error : undefined, [
    'start',
    'end',
    'guestName',
    'note',
  ])
  const propertyName = properties.find((property) => property.id === propertyId)?.name ?? ''
  return (
    <>
      <ManualStayDialog
        open={value === 'editing' || value === 'saving' || value === 'confirmingDiscard'}
        mode={stayId === null ? 'add' : 'edit'}
        properties={properties}
        propertyId={propertyId}
        values={values}
        busy={value === 'saving'}
        datesError={errorAt === 'dates' ? message : (refused.fields.end ?? refused.fields.start)}
        fieldErrors={refused.fields}
        error={refused.banner}
        onSubmit={(chosen, submitted) => send({ type: 'submit', propertyId: chosen, values: submitted })}
        onCancel={(dirty) => send({ type: 'cancel', dirty })}
      />
      <ConfirmDiscardDialog
        open={value === 'confirmingDiscard'}
        draft="stay"
        onKeepEditing={() => send({ type: 'keepEditing' })}
        onDiscard={() => send({ type: 'discard' })}
      />
      <DeleteStayDialog
        open={value === 'confirmingDelete' || value === 'deleting'}
        stay={{ start: values.start, end: values.end, propertyName }}
        busy={value === 'deleting'}
        error={message}
        onConfirm={() => send({ type: 'confirm' })}
        onCancel={() => send({ type: 'cancel' })}
      />
    </>
  )
}
