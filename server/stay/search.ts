import type { Expression, SqlBool } from 'kysely'
import { parseStayDescription } from '../../src/domain/stayDescription.ts'
import type { Db } from '../db/database.ts'
import { managedBy } from '../team/access.ts'
import { containing, lowerLike } from '../db/paging.ts'
import { singleLine } from '../../src/domain/plainText.ts'
import { badRequest } from '../errors.ts'
import type { StaySearchHit } from '../../contract/stay.ts'
import { STAY_SEARCH_MAX, STAY_SEARCH_MIN } from '../../src/domain/staySearch.ts'

/** The most stays one search answers with. */
export const SEARCH_RESULTS = 20
/**
 * A description may hold the text without its code or phone holding it ("432" in a phone ending
 * 4321), so the walk reads on, a page at a time, past such rows rather than stop at the first
 * page and drop real hits after it; SCAN_LIMIT rows bound a search of a huge account.
 */
const PAGE_ROWS = 100
export const SCAN_LIMIT = 5_000

// A reservation code or a phone's last digits: letters, digits and hyphens, with a digit.
const CODE_LIKE = /^(?=.*\d)[a-z0-9-]+$/i

/**
 * The stays of the properties the caller manages (owns or co-hosts), whose guest's name holds `text`, whose reservation
 * code holds it, or whose phone ends in it (exactly four digits): what a platform's DESCRIPTION
 * gives (src/domain/stayDescription.ts). Only stays the calendar shows: not cancelled, not an
 * echo of our own export nor a platform's rule. Bounded: an indexed walk of the owner's
 * properties' stays, the newest check-ins first, at most SEARCH_RESULTS answered and SCAN_LIMIT read.
 */
export async function searchStays(db: Db, ownerId: string, query: string): Promise<StaySearchHit[]> {
  const text = singleLine(query).trim()
  if (text.length < STAY_SEARCH_MIN || text.length > STAY_SEARCH_MAX)
    throw badRequest('errors.staySearch.length')
  const pattern = containing(text)
  const byCode = CODE_LIKE.test(text)
  const wanted = text.toLowerCase()
  const hits: StaySearchHit[] = []
  let after: { start: string; id: string } | null = null
  for (let scanned = 0; scanned < SCAN_LIMIT && hits.length < SEARCH_RESULTS; scanned += PAGE_ROWS) {
    const page = await candidates(db, ownerId, pattern, byCode, after)
    for (const row of page) {
      const hit = hitOf(row, wanted, text)
      if (hit) hits.push(hit)
      if (hits.length === SEARCH_RESULTS) break
    }
    if (page.length < PAGE_ROWS) break
    const last = page[page.length - 1]!
    after = { start: last.start_date, id: last.id }
  }
  return hits
}

/** One page of the owner's shown stays whose guest (or, for a code-like text, description) holds the text, newest first. */
function candidates(
  db: Db,
  ownerId: string,
  pattern: string,
  byCode: boolean,
  after: { start: string; id: string } | null,
) {
  return db
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
    .where(managedBy(db, ownerId))
    .where('bookings.cancelled_at', 'is', null)
    .where('bookings.echo', '=', 0)
    .where('bookings.platform_rule', 'is', null)
    .where((eb) => {
      const found: Expression<SqlBool>[] = [lowerLike('bookings.guest_name', pattern)]
      if (byCode) found.push(lowerLike('bookings.description', pattern))
      return eb.or(found)
    })
    .$if(after !== null, (query) =>
      query.where((eb) =>
        eb.or([
          eb('bookings.start_date', '<', after!.start),
          eb.and([eb('bookings.start_date', '=', after!.start), eb('bookings.id', '>', after!.id)]),
        ]),
      ),
    )
    .orderBy('bookings.start_date', 'desc')
    .orderBy('bookings.id')
    .limit(PAGE_ROWS)
    .execute()
}

type Candidate = Awaited<ReturnType<typeof candidates>>[number]

/** The hit a row makes, or null when its description held the text only outside its code and phone. */
function hitOf(row: Candidate, wanted: string, text: string): StaySearchHit | null {
  const said = parseStayDescription(row.description ?? '', row.platform)
  const match = row.guest_name.toLowerCase().includes(wanted)
    ? 'guest'
    : said.reservationCode?.toLowerCase().includes(wanted)
      ? 'code'
      : said.phoneLast4 === text
        ? 'phone'
        : null
  if (match === null) return null
  return {
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
  }
}
