import { useQueryClient } from '@tanstack/react-query'
import { fromPromise } from 'xstate'
import { api } from '../../actors/api.ts'
import { DEFAULT_LABEL, type Booking } from '../../domain/bookings.ts'
import { addDays, nightsBetween, type DateOnly } from '../../domain/dates.ts'
import { priceValues } from '../../domain/manualStays.ts'
import { manualStayBody } from './manualStayBody.ts'
import { useI18n } from '../../i18n.tsx'
import {
  manualStayMachine,
  type ManualStayRef,
  type RemoveStayInput,
  type SaveStayInput,
} from '../../machines/calendar/manualStay.ts'
import { BOOKINGS_KEY } from '../bookings/bookingsKey.ts'
import { showNotice } from '../../common/notify.ts'
import { useFlow, type FlowImplementations } from '../../common/useFlow.ts'

export type ManualStayImplementations = FlowImplementations<typeof manualStayMachine>

export type PropertyRef = { id: string; name: string }

/** A manual stay on the calendar as the flow's edit and delete start from it. */
export function manualStayOf(booking: Booking): ManualStayRef | null {
  if (!booking.manual || booking.stayId === null) return null
  return {
    propertyId: booking.propertyId,
    stayId: booking.stayId,
    start: booking.start,
    end: booking.end,
    kind: booking.kind,
    // A block names no guest; a booking's "Blocked" is the summary rule's default label, not a name.
    guestName: booking.kind === 'booking' && booking.guestName !== DEFAULT_LABEL ? booking.guestName : '',
    note: booking.note ?? '',
    ...priceValues(
      booking.kind === 'booking' ? (booking.nightlyPrice ?? null) : null,
      nightsBetween(booking.start, booking.end),
    ),
  }
}

const saveStay = ({ propertyId, stayId, values }: SaveStayInput) =>
  stayId === null
    ? api.property.stay.create(propertyId, manualStayBody(values, 'create'))
    : api.property.stay.update(propertyId, stayId, manualStayBody(values, 'update'))

const removeStay = ({ propertyId, stayId }: RemoveStayInput) => api.property.stay.remove(propertyId, stayId)

/**
 * The add/edit/delete flow of manual stays, bound to the API; a saved or deleted stay
 * reloads that property's calendar. `implementations` is how a test hands in fakes.
 */
export function useManualStayFlow(implementations: ManualStayImplementations = {}) {
  const { t } = useI18n()
  const queryClient = useQueryClient()
  const [state, send] = useFlow(
    manualStayMachine({
      actors: {
        saveStay: fromPromise<unknown, SaveStayInput>(({ input }) => saveStay(input)),
        removeStay: fromPromise<unknown, RemoveStayInput>(({ input }) => removeStay(input)),
      },
      actions: {
        notify: (_, notice) => showNotice(t, notice),
        // One feed holds every property's stays.
        changed: () => void queryClient.invalidateQueries({ queryKey: BOOKINGS_KEY }),
      },
    }).provide(implementations),
  )
  return {
    state,
    /** A new stay for `propertyId` from `day`, to `end` (one night unless given: selected nights). */
    add: (propertyId: string, day: DateOnly, end: DateOnly = addDays(day, 1)) =>
      send({ type: 'add', propertyId, start: day, end }),
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
