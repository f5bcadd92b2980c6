import {
  platformRulesOf,
  RULES_PLATFORM,
  type PlatformRule,
  type RuleHistory,
} from '../../src/domain/platformRules.ts'
import type { DateOnly } from '../../src/domain/dates.ts'
import { todayIn } from '../../src/domain/timeZones.ts'
import type { Db } from '../db/database.ts'
import type { FeedEvent } from './parse.ts'
import type { BookingRow } from './store.ts'

/** The rules that move with today: each keeps one row, however its feed names it day to day. */
const MOVING: readonly PlatformRule[] = ['notice', 'window']

/** A feed's events as the store takes them, and the platform's rule each one is, if any. */
export type FeedRules = { events: FeedEvent[]; ruleOf: (event: FeedEvent) => PlatformRule | null }

/**
 * What the calendar's previous sync kept (its active stays, each with the rule it was judged to
 * be), and the property's day when it ran (its last sync, whose feed the stored rows still say);
 * none before its first.
 */
async function historyOf(
  trx: Db,
  calendarId: string,
  known: readonly BookingRow[],
): Promise<RuleHistory | undefined> {
  const calendar = await trx
    .selectFrom('external_calendars')
    .innerJoin('properties', 'properties.id', 'external_calendars.property_id')
    .select(['external_calendars.last_synced_at', 'properties.time_zone'])
    .where('external_calendars.id', '=', calendarId)
    .executeTakeFirst()
  if (!calendar?.last_synced_at) return undefined
  return {
    today: todayIn(calendar.time_zone, new Date(calendar.last_synced_at)),
    kept: known.flatMap((row) =>
      row.cancelled_at === null
        ? [{ summary: row.summary, start: row.start_date, end: row.end_date, rule: row.platform_rule }]
        : [],
    ),
  }
}

/**
 * Which of a calendar's feed events are its platform's own rules (src/domain/platformRules.ts).
 * A notice or window run under a UID never stored takes the UID of the stored run of the same
 * rule that left the feed: the rule moved with today, it did not end and begin again.
 */
export async function platformRulesOfFeed(
  trx: Db,
  calendar: { id: string; platform_name: string },
  events: FeedEvent[],
  known: readonly BookingRow[],
  today: DateOnly,
): Promise<FeedRules> {
  if (calendar.platform_name !== RULES_PLATFORM) return { events, ruleOf: () => null }
  const previous = await historyOf(trx, calendar.id, known)
  const rules = platformRulesOf(events, { platform: calendar.platform_name, today, previous })
  const stored = new Set(known.map((row) => row.uid))
  const present = new Set(events.map((event) => event.uid))
  const left = new Map(
    MOVING.map((rule) => [
      rule,
      known.filter((row) => row.cancelled_at === null && row.platform_rule === rule && !present.has(row.uid)),
    ]),
  )
  const ruleOfEvent = new Map<FeedEvent, PlatformRule>()
  const named = events.map((event) => {
    const rule = rules.get(event)
    if (!rule) return event
    const row = stored.has(event.uid) ? undefined : left.get(rule)?.shift()
    const kept = row ? { ...event, uid: row.uid } : event
    ruleOfEvent.set(kept, rule)
    return kept
  })
  return { events: named, ruleOf: (event) => ruleOfEvent.get(event) ?? null }
}
