import type { Booking, BookingKind } from './bookings.ts'
import { nightsBetween, type DateOnly } from './dates.ts'
import { holdsAnyOf } from './echoNights.ts'

/**
 * Issue 13: stays a host enters by hand (a direct booking, an owner's stay, a maintenance block).
 * The rules here are the server's (server/stay) too, so the form refuses what the API would.
 */

/** The longest stay a host may enter by hand, in nights. */
export const MAX_MANUAL_NIGHTS = 365
/** The longest guest name and note the API takes. */
export const MAX_GUEST_NAME = 120
export const MAX_NOTE = 500

/** What a manual stay's platform is, in every feed and on the calendar (SPEC's fallback). */
export const MANUAL_PLATFORM = 'Manual'

/** `POST /api/property/{id}/stay` answers with this (201); `PATCH` with the same (200). */
export type ManualStay = {
  id: string
  propertyId: string
  start: DateOnly
  /** The check-out day. */
  end: DateOnly
  kind: BookingKind
  guestName: string | null
  note: string | null
  platform: typeof MANUAL_PLATFORM
  createdAt: string
  updatedAt: string
}

/** What the host types: both dates, the kind, and texts that may be empty. */
export type ManualStayValues = {
  start: DateOnly
  end: DateOnly
  kind: BookingKind
  guestName: string
  note: string
}

/** The request body of `POST …/stay`; `PATCH …/stay/{stayId}` takes any part of it. */
export type ManualStayBody = {
  start: DateOnly
  end: DateOnly
  kind: BookingKind
  guestName?: string
  note?: string
}

export type StayDatesProblem = 'endNotAfterStart' | 'tooLong'

/** Why these dates cannot be a manual stay, or null: the check-out after the check-in, 365 nights at most. */
export function stayDatesProblem(start: DateOnly, end: DateOnly): StayDatesProblem | null {
  if (end <= start) return 'endNotAfterStart'
  if (nightsBetween(start, end) > MAX_MANUAL_NIGHTS) return 'tooLong'
  return null
}

/**
 * The body to send: texts trimmed, a block with no guest. A new stay leaves out what is empty;
 * an edit sends every field, an empty text clearing what was there.
 */
export function manualStayBody(values: ManualStayValues, purpose: 'create' | 'update'): ManualStayBody {
  const guestName = values.kind === 'booking' ? values.guestName.trim() : ''
  const note = values.note.trim()
  const body: ManualStayBody = { start: values.start, end: values.end, kind: values.kind }
  if (purpose === 'update' || guestName) body.guestName = guestName
  if (purpose === 'update' || note) body.note = note
  return body
}

/** The nights a stay form holds now: for which property, from the check-in to the check-out day. */
export type ChosenNights = { propertyId: string; start: DateOnly; end: DateOnly }

type HeldStay = Pick<Booking, 'propertyId' | 'stayId' | 'echo' | 'echoRuns' | 'rule' | 'start' | 'end'>

/**
 * The stays of the chosen property that already hold any of the chosen nights, by check-in: what
 * saving would sell twice. The stay being edited does not count against itself, and neither do
 * echo nights (our own export coming back, never a second sale) or a platform's own rule. Cancelled
 * stays are not in a property's calendar at all. Unlike a conflict, a stay from the same source
 * counts too: another manual stay on those nights is as much a double booking, though the
 * server's conflict rule (which tells a platform's own overlapping entries apart) does not flag
 * it.
 */
export function staysHoldingNights<T extends HeldStay>(
  stays: readonly T[],
  chosen: ChosenNights,
  editedStayId: string | null = null,
): T[] {
  if (chosen.end <= chosen.start) return []
  return stays
    .filter(
      (stay) =>
        stay.propertyId === chosen.propertyId &&
        (editedStayId === null || stay.stayId !== editedStayId) &&
        holdsAnyOf(stay, chosen),
    )
    .sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0))
}
