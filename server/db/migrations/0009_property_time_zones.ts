import { type Kysely, type Migration, sql } from 'kysely'
import { defaultTimeZone } from '../../../src/domain/countryZones.ts'
import { FALLBACK_TIME_ZONE } from '../../../src/domain/timeZones.ts'

/**
 * `properties.time_zone`, the IANA zone a property is in. Its "today" and the check-in
 * day of a timed feed event are that zone's. Existing properties take their country's zone
 * (src/domain/timeZones.ts, the default of a new property too), UTC when the country is not
 * known. The column keeps 'UTC' as its default on both engines: SQLite adds a NOT NULL column
 * only with one, and the property service always writes the zone itself.
 */
export const propertyTimeZones: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('properties')
      .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo(FALLBACK_TIME_ZONE))
      .execute()
    const { rows } = await sql<{ country: string }>`select distinct country from properties`.execute(db)
    for (const { country } of rows) {
      const zone = defaultTimeZone(country)
      if (zone !== FALLBACK_TIME_ZONE)
        await sql`update properties set time_zone = ${zone} where country = ${country}`.execute(db)
    }
  },
}
