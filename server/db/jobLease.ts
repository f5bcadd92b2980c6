import type { Db } from './database.ts'

/**
 * Takes the lease on a job that every process may run but one at a time should (two judges of
 * the same conditions would each see the other's half-done pass), until `until`; false when
 * another process holds it. One statement: a free or lapsed lease is taken, a held one is not.
 */
export async function takeJobLease(db: Db, name: string, now: string, until: string): Promise<boolean> {
  const taken = await db
    .insertInto('job_leases')
    .values({ name, held_until: until })
    .onConflict((conflict) =>
      conflict.column('name').doUpdateSet({ held_until: until }).where('job_leases.held_until', '<=', now),
    )
    .returning('name')
    .executeTakeFirst()
  return taken !== undefined
}

/** Gives back at once the lease taken until `until`, unless it lapsed and another took it. */
export const releaseJobLease = (db: Db, name: string, until: string) =>
  db
    .updateTable('job_leases')
    .set({ held_until: '' })
    .where('name', '=', name)
    .where('held_until', '=', until)
    .execute()
