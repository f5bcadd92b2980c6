import type { Kysely, Migration } from 'kysely'

/**
 * `platform_feeds.at_risk_acknowledged_at`: when the host said they closed by hand, on that
 * platform, the nights it had not imported yet. Those nights stay marked, as acknowledged, until
 * the platform's next import is served them (docs/decisions.md, "Imports measured").
 */
export const atRiskAcknowledged: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('platform_feeds').addColumn('at_risk_acknowledged_at', 'text').execute()
  },
}
