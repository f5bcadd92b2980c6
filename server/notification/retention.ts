import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/database.ts'
import { DELETE_BATCH, deleteInBatches } from '../db/batchedDelete.ts'
import { pruneCancelledStays, pruneCancelledSurplus } from '../sync/retention.ts'
import { rollUpFetches } from '../imports/rollup.ts'
import { periodicPass } from '../periodicPass.ts'

const DAY_MS = 24 * 60 * 60_000
/** Notifications past their age are looked for this often; a sync round is 15 minutes. */
const AGE_CHECK_MS = 15 * 60_000

/**
 * Deletes the user's notifications beyond the newest `keep`, a batch at a time, oldest first. By
 * the index on (user_id, created_at), it reads only this user's rows.
 */
export async function pruneSurplus(db: Db, userId: string, keep: number): Promise<void> {
  const oldestKept = await db
    .selectFrom('notifications')
    .select(['created_at', 'id'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(keep - 1)
    .limit(1)
    .executeTakeFirst()
  if (!oldestKept) return
  await deleteInBatches(db, DELETE_BATCH.rows, (trx, size) =>
    trx
      .deleteFrom('notifications')
      .where(
        'id',
        'in',
        trx
          .selectFrom('notifications')
          .select('id')
          .where('user_id', '=', userId)
          .where((eb) =>
            eb.or([
              eb('created_at', '<', oldestKept.created_at),
              eb.and([eb('created_at', '=', oldestKept.created_at), eb('id', '<', oldestKept.id)]),
            ]),
          )
          .orderBy('created_at')
          .limit(size),
      )
      .executeTakeFirstOrThrow(),
  )
}

/** Deletes every notification older than `days` days before `now`, a batch at a time. */
export async function pruneOld(db: Db, now: Date, days: number): Promise<void> {
  const cutoff = new Date(now.getTime() - days * DAY_MS).toISOString()
  await deleteInBatches(db, DELETE_BATCH.rows, (trx, size) =>
    trx
      .deleteFrom('notifications')
      .where(
        'id',
        'in',
        trx
          .selectFrom('notifications')
          .select('id')
          .where('created_at', '<', cutoff)
          .orderBy('created_at')
          .limit(size),
      )
      .executeTakeFirstOrThrow(),
  )
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Deletes the notifications past NOTIFICATION_RETENTION_DAYS and the stays cancelled past
     * CANCELLED_KEPT_MS, and rolls up the platforms' fetches, now and then, once started.
     */
    retention: { start(): void }
  }
}

/**
 * Decorates the app with the pruning of old notifications and cancelled stays, idle until
 * `start()` (server/serve.ts, not tests), every AGE_CHECK_MS: batched deletes off the sync's and
 * the requests' paths. The app's close stops it and waits for a pass in flight.
 */
export function installRetention(app: FastifyInstance) {
  const prune = async () => {
    const now = app.clock()
    await pruneOld(app.db, now, app.config.notificationRetentionDays).catch((error: unknown) =>
      app.log.error({ err: error }, 'could not delete old notifications'),
    )
    await pruneCancelledStays(app.db, now).catch((error: unknown) =>
      app.log.error({ err: error }, 'could not delete old cancelled stays'),
    )
    await pruneCancelledSurplus(app.db).catch((error: unknown) =>
      app.log.error({ err: error }, 'could not delete the cancelled stays past a link’s bound'),
    )
    await rollUpFetches(app.db, now).catch((error: unknown) =>
      app.log.error({ err: error }, 'could not roll up the platforms’ fetches'),
    )
  }
  app.decorate('retention', periodicPass(app, AGE_CHECK_MS, prune))
}
