import type { Selectable } from 'kysely'
import { nightsBetween } from '../../src/domain/dates.ts'
import {
  MANUAL_PLATFORM,
  MAX_MANUAL_NIGHTS,
  nightlyPriceOf,
  stayDatesProblem,
} from '../../src/domain/manualStays.ts'
import type { Db } from '../db/database.ts'
import { managedBy } from '../team/access.ts'
import { writeTransaction } from '../db/errors.ts'
import { timeOrderedId } from '../db/ids.ts'
import type { BookingsTable } from '../db/schema.ts'
import { fieldError, notFound } from '../errors.ts'
import { conflictsFor } from '../sync/conflicts.ts'
import type { ManualStay, ManualStayBody, ManualStayPatch, StaySearchHit } from '../../contract/stay.ts'
import { searchStays } from './search.ts'

type StayRow = Selectable<BookingsTable>

/**
 * One request enters one stay (no route takes several), and a stay is at most MAX_MANUAL_NIGHTS
 * long: the form's own rule, so the form refuses what this would.
 */
function checkDates(stay: Pick<ManualStayBody, 'start' | 'end'>) {
  const problem = stayDatesProblem(stay.start, stay.end)
  if (problem === 'endNotAfterStart') throw fieldError('end', 'errors.stay.endNotAfterStart')
  if (problem === 'tooLong') throw fieldError('end', 'errors.stay.tooLong', { count: MAX_MANUAL_NIGHTS })
}

/**
 * The feed-shaped columns of a manual stay: the "status - guest" summary (docs/product.md §4.8), so
 * every feed and the calendar read it like any platform's; a block names no guest.
 */
function stayColumns(stay: ManualStayBody) {
  const guest = stay.kind === 'booking' ? (stay.guestName ?? '') : ''
  const status = stay.kind === 'booking' ? 'Booked' : 'Blocked'
  return {
    start_date: stay.start,
    end_date: stay.end,
    kind: stay.kind,
    status,
    guest_name: guest,
    summary: guest ? `${status} - ${guest}` : status,
    description: stay.note || null,
  }
}

const toManualStay = (row: StayRow, conflict: boolean): ManualStay => ({
  id: row.id,
  propertyId: row.property_id,
  start: row.start_date,
  end: row.end_date,
  kind: row.kind,
  guestName: row.guest_name || null,
  note: row.description,
  platform: MANUAL_PLATFORM,
  nightlyPrice: row.nightly_price === null ? null : Number(row.nightly_price),
  conflict,
  createdAt: row.first_seen_at,
  updatedAt: row.updated_at,
})

/**
 * What each night of the stay earns: the price entered (a total shared by the nights), else what
 * it earned before (`kept`). A block earns nothing.
 */
function nightlyPrice(stay: ManualStayBody, kept: number | null): number | null {
  if (stay.kind === 'block') return null
  if (stay.price === undefined) return kept
  return stay.price === null ? null : nightlyPriceOf(stay.price, nightsBetween(stay.start, stay.end))
}

export type StayServiceDeps = {
  db: Db
  /** The app's clock: a manual stay's nights are dated by it, as a sync's are (nights at risk). */
  clock: () => Date
}

/**
 * The stays a host enters by hand (docs/product.md §2.15). They belong to no linked calendar (calendar_id is
 * null), show at once in the private feed and in every platform's availability feed, and take
 * part in conflicts as a source of their own. Only the property's owner and co-hosts reach them
 * (server/team/access.ts); anyone else, and any stay a feed brought, is a 404.
 */
export function createStayService({ db, clock }: StayServiceDeps) {
  const ownedProperty = async (trx: Db, ownerId: string, propertyId: string) => {
    const property = await trx
      .selectFrom('properties')
      .select(['id', 'cost_per_night'])
      .where('id', '=', propertyId)
      .where(managedBy(trx, ownerId))
      .executeTakeFirst()
    if (!property) throw notFound()
    return property
  }

  const ownedStay = async (trx: Db, ownerId: string, propertyId: string, stayId: string) => {
    await ownedProperty(trx, ownerId, propertyId)
    const row = await trx
      .selectFrom('bookings')
      .selectAll()
      .where('id', '=', stayId)
      .where('property_id', '=', propertyId)
      .where('calendar_id', 'is', null)
      .executeTakeFirst()
    if (!row) throw notFound()
    return row
  }

  const withConflict = async (row: StayRow) =>
    toManualStay(row, (await conflictsFor(db, [row.property_id])).has(row.id))

  return {
    /** The owner's stays by guest, reservation code or phone's last digits (search.ts). */
    search: (ownerId: string, query: string): Promise<StaySearchHit[]> => searchStays(db, ownerId, query),

    async create(ownerId: string, propertyId: string, body: ManualStayBody): Promise<ManualStay> {
      checkDates(body)
      const row = await writeTransaction(db, async (trx) => {
        const property = await ownedProperty(trx, ownerId, propertyId)
        const id = timeOrderedId()
        const now = clock().toISOString()
        const row: StayRow = {
          id,
          calendar_id: null,
          property_id: propertyId,
          uid: id,
          location: null,
          platform: MANUAL_PLATFORM,
          cancelled_at: null,
          nightly_price: nightlyPrice(
            body,
            property.cost_per_night == null ? null : Number(property.cost_per_night),
          ),
          feed_warning: null,
          echo: 0,
          echo_runs: null,
          platform_rule: null,
          first_seen_at: now,
          updated_at: now,
          taken_at: now,
          ...stayColumns(body),
        }
        await trx.insertInto('bookings').values(row).execute()
        return row
      })
      return withConflict(row)
    },

    async update(
      ownerId: string,
      propertyId: string,
      stayId: string,
      patch: ManualStayPatch,
    ): Promise<ManualStay> {
      const row = await writeTransaction(db, async (trx) => {
        const stored = await ownedStay(trx, ownerId, propertyId, stayId)
        const merged: ManualStayBody = {
          start: patch.start ?? stored.start_date,
          end: patch.end ?? stored.end_date,
          kind: patch.kind ?? stored.kind,
          guestName: patch.guestName ?? (stored.guest_name || undefined),
          note: patch.note ?? stored.description ?? undefined,
          price: patch.price,
        }
        checkDates(merged)
        const kept = stored.nightly_price === null ? null : Number(stored.nightly_price)
        const now = clock().toISOString()
        const moved = merged.start !== stored.start_date || merged.end !== stored.end_date
        const columns = {
          ...stayColumns(merged),
          nightly_price: nightlyPrice(merged, kept),
          updated_at: now,
          // A new name, note or price leaves its nights dated as they were (nights at risk).
          taken_at: moved ? now : stored.taken_at,
        }
        await trx.updateTable('bookings').set(columns).where('id', '=', stored.id).execute()
        return { ...stored, ...columns }
      })
      return withConflict(row)
    },

    async remove(ownerId: string, propertyId: string, stayId: string): Promise<void> {
      await writeTransaction(db, async (trx) => {
        const stored = await ownedStay(trx, ownerId, propertyId, stayId)
        await trx.deleteFrom('bookings').where('id', '=', stored.id).execute()
      })
    },
  }
}

export type StayService = ReturnType<typeof createStayService>
