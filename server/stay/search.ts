import type { Expression, SqlBool } from 'kysely'
import { parseStayDescription } from '../../src/domain/stayDescription.ts'
import type { Db } from '../db/database.ts'
import { containing, lowerLike } from '../db/paging.ts'
import { singleLine } from '../../src/domain/plainText.ts'
import { badRequest } from '../errors.ts'
import type { StaySearchHit } from '../../contract/stay.ts'
import { STAY_SEARCH_MAX, STAY_SEARCH_MIN } from '../../src/domain/staySearch.ts'

/** The most stays one search answers with; it reads a few more, as a description may only seem to match. */
export const SEARCH_RESULTS = 20
const ROWS_READ = 60

// A reservation code or a phone's last digits: letters, digits and hyphens, with a digit.
const CODE_LIKE = /^(?=.*\d)[a-z0-9-]+$/i

/**
 * The owner's stays, across their properties, whose guest's name holds `text`, whose reservation
 * code holds it, or whose phone ends in it (exactly four digits): what a platform's DESCRIPTION
 * gives (src/domain/stayDescription.ts). Only stays the calendar shows: not cancelled, not an
 * echo of our own export nor a platform's rule. Bounded: one indexed walk of the owner's
 * properties' stays, the newest check-ins first, at most SEARCH_RESULTS.
 */
export async function searchStays(db: Db, ownerId: string, query: string): Promise<StaySearchHit[]> {
  const text = singleLine(query).trim()
  if (text.length < STAY_SEARCH_MIN || text.length > STAY_SEARCH_MAX)
    throw badRequest('errors.staySearch.length')
  const pattern = containing(text)
  const byCode = CODE_LIKE.test(text)
  const rows = await db
    .selectFrom('bookings')
    .innerJoin('properties', 'properties.id', 'bookings.property_id')
    .select([
      'bookings.id',
      'bookings.property_id',
      'properties.name as property_name',
      'bookings.guest_name',
      'bookings.start_date',
      'bookings.end_date',
      'bookings.platform',
      'bookings.kind',
      'bookings.description',
    ])
    .where('properties.owner_id', '=', ownerId)
    .where('bookings.cancelled_at', 'is', null)
    .where('bookings.echo', '=', 0)
    .where('bookings.platform_rule', 'is', null)
    .where((eb) => {
      const found: Expression<SqlBool>[] = [lowerLike('bookings.guest_name', pattern)]
      if (byCode) found.push(lowerLike('bookings.description', pattern))
      return eb.or(found)
    })
    .orderBy('bookings.start_date', 'desc')
    .orderBy('bookings.id')
    .limit(ROWS_READ)
    .execute()
  const wanted = text.toLowerCase()
  const hits: StaySearchHit[] = []
  for (const row of rows) {
    const said = parseStayDescription(row.description ?? '', row.platform)
    const match = row.guest_name.toLowerCase().includes(wanted)
      ? 'guest'
      : said.reservationCode?.toLowerCase().includes(wanted)
        ? 'code'
        : said.phoneLast4 === text
          ? 'phone'
          : null
    if (match === null) continue
    hits.push({
      id: row.id,
      propertyId: row.property_id,
      propertyName: row.property_name,
      guestName: row.guest_name,
      start: row.start_date,
      end: row.end_date,
      platform: row.platform,
      kind: row.kind,
      match,
      reservationCode: said.reservationCode,
      phoneLast4: said.phoneLast4,
    })
    if (hits.length === SEARCH_RESULTS) break
  }
  return hits
}
