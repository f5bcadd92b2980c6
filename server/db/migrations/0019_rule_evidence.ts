import type { Kysely, Migration } from 'kysely'

/**
 * `external_calendars.rule_evidence` keeps, for a platform that writes its booking rules as
 * closed nights (Airbnb), what each of the last days' feeds showed of the host's settings: a JSON
 * list of `{day, reach, preparation, windowMonths}` (src/domain/airbnbRules.ts). Null until the
 * calendar's first sync judges one.
 */
export const ruleEvidence: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('external_calendars').addColumn('rule_evidence', 'text').execute()
  },
}
