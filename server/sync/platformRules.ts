import type { DayEvidence } from '../../src/domain/airbnbRules.ts'
import type { DateOnly } from '../../src/domain/dates.ts'
import { adapterOf } from '../../src/domain/platformAdapters.ts'
import type { PlatformRule } from '../../src/domain/platformRules.ts'
import type { Db } from '../db/database.ts'
import type { FeedEvent } from './parse.ts'
import { z } from 'zod'

/** A feed's events as the store takes them, and the platform's rule each one is, if any. */
export type FeedRules = { events: FeedEvent[]; ruleOf: (event: FeedEvent) => PlatformRule | null }

const Run = z.object({ start: z.string(), end: z.string() })

/** What a calendar keeps of each day's feed (src/domain/airbnbRules.ts, `DayEvidence`). */
const Evidence = z.array(
  z.object({
    day: z.string(),
    reach: z.number(),
    todayOpen: z.boolean(),
    preparation: z.number(),
    preparationNew: z.number(),
    windowMonths: z.number().nullable(),
    taken: z.array(Run).optional(),
  }),
)

/** The days of evidence a calendar keeps (`external_calendars.rule_evidence`); none if unreadable. */
function parseEvidence(text: string | null): DayEvidence[] {
  if (!text) return []
  try {
    const parsed = Evidence.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : []
  } catch {
    return []
  }
}

/**
 * A calendar's feed with its platform's own rules cut out of its closed runs, as the adapter of
 * the platform it was linked as judges them (src/domain/airbnbRules.ts for Airbnb's; a platform
 * whose adapter has none keeps its feed as it is): each rule's nights become a stay of their own,
 * named by the rule, and the rest of each run keeps the run's UID. What the feed showed of the
 * host's settings is kept with the calendar, inside the sync's transaction, for the days after.
 */
export async function platformRulesOfFeed(
  trx: Db,
  calendar: { id: string; platform_name: string },
  events: FeedEvent[],
  today: DateOnly,
): Promise<FeedRules> {
  const { rules } = adapterOf(calendar.platform_name)
  if (!rules) return { events, ruleOf: () => null }
  const stored = await trx
    .selectFrom('external_calendars')
    .select('rule_evidence')
    .where('id', '=', calendar.id)
    .executeTakeFirst()
  const evidence = parseEvidence(stored?.rule_evidence ?? null)
  const { parts, seen } = rules.judge(events, today, evidence)
  await trx
    .updateTable('external_calendars')
    .set({ rule_evidence: JSON.stringify(rules.keep(evidence, seen)) })
    .where('id', '=', calendar.id)
    .execute()
  const ruleOfEvent = new Map<FeedEvent, PlatformRule>()
  const split = new Set(parts.map((part) => part.event))
  const judged = parts.map((part) => {
    const event = { ...part.event, uid: part.uid, start: part.start, end: part.end }
    if (part.rule) ruleOfEvent.set(event, part.rule)
    return event
  })
  // A feed's UIDs are unique (the parser numbers repeats `uid#start`); a hostile one may already
  // hold a name a part takes: the first keeps it.
  const named = new Set<string>()
  const unique = [...events.filter((event) => !split.has(event)), ...judged].filter((event) => {
    if (named.has(event.uid)) return false
    named.add(event.uid)
    return true
  })
  return { events: unique, ruleOf: (event) => ruleOfEvent.get(event) ?? null }
}
