import type { Db } from '../db/database.ts'
import { conflictingIds } from '../sync/conflicts.ts'
import { calendarText } from './ics.ts'

/**
 * DESIGN 5: the export feed of the property behind a secret token: its active bookings and
 * blocks from every platform, conflicts marked; null for an unknown token. One query, and a
 * second only to tell an empty property from a wrong token.
 */
export async function exportFeed(db: Db, token: string): Promise<string | null> {
  const stays = await db
    .selectFrom('bookings')
    .innerJoin('properties', 'properties.id', 'bookings.property_id')
    .select([
      'properties.name as propertyName',
      'bookings.id',
      'bookings.property_id',
      'bookings.calendar_id',
      'bookings.summary',
      'bookings.start_date',
      'bookings.end_date',
      'bookings.status',
      'bookings.guest_name',
      'bookings.kind',
      'bookings.platform',
      'bookings.updated_at',
      'bookings.cancelled_at',
    ])
    .where('properties.export_token', '=', token)
    .where('bookings.cancelled_at', 'is', null)
    .orderBy('bookings.start_date')
    .orderBy('bookings.id')
    .execute()
  const propertyName =
    stays[0]?.propertyName ??
    (await db.selectFrom('properties').select('name').where('export_token', '=', token).executeTakeFirst())
      ?.name
  if (propertyName === undefined) return null
  const conflicts = conflictingIds(stays)
  return calendarText(
    stays.map((stay) => ({ ...stay, conflict: conflicts.has(stay.id) })),
    propertyName,
  )
}
