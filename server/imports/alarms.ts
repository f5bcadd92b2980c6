import type { FastifyInstance } from 'fastify'
import type { ExpressionBuilder } from 'kysely'
import type { NotificationData } from '../../contract/notification.ts'
import type { ImportAlarmKind } from '../../src/domain/noticeKinds.ts'
import type { Db } from '../db/database.ts'
import type { Database } from '../db/schema.ts'
import { releaseJobLease, takeJobLease } from '../db/jobLease.ts'
import { writeTransaction } from '../db/errors.ts'
import { nextTurn } from '../eventLoop.ts'
import { createNotifications, type NewNotification } from '../notification/store.ts'
import { silenceAfterMs, type ImportService } from './service.ts'
import { periodicPass } from '../periodicPass.ts'
import { noticeRecipients } from '../team/access.ts'

const HOUR_MS = 3_600_000
/** Nights still not imported this long after they were taken alarm when the platform's habit is unknown. */
const AT_RISK_UNKNOWN_HABIT_MS = 6 * HOUR_MS
/** A link no platform fetched this long after it was first shown alarms. */
const NEVER_IMPORTED_AFTER_MS = 24 * HOUR_MS
/** How often every platform feed is judged: an alarm comes at most this late. */
export const JUDGE_EVERY_MS = 5 * 60_000
/** Properties judged at once, a turn of the event loop apart. */
const PROPERTIES_PER_BATCH = 50
/**
 * A feed's at-risk conditions kept at once, oldest first: one per change that took nights. A feed
 * whose stays change at every sync cannot make the table grow without bound.
 */
const AT_RISK_ALARMS_PER_FEED = 50
const JOB = 'import-alarms'
/** Longer than a pass over many thousand properties takes; a dead holder's lease lapses. */
const LEASE_MS = 4 * 60_000

type Figures = Awaited<ReturnType<ImportService['figuresOf']>>[number]

/** A condition of one platform feed, as its alarm row keys it. */
type Condition = { feedId: string; kind: ImportAlarmKind; since: string }

/** A condition a feed is in now, and whether it has lasted long enough to alarm. */
type Judgement = Condition & { due: boolean }

const keyOf = (condition: Pick<Condition, 'feedId' | 'kind' | 'since'>) =>
  `${condition.feedId} ${condition.kind} ${condition.since}`

/** When nights still not imported alarm: after twice the platform's median interval, or 6 hours. */
const atRiskAfterMs = (feed: Pick<Figures, 'medianIntervalMinutes'>) =>
  feed.medianIntervalMinutes === null ? AT_RISK_UNKNOWN_HABIT_MS : 2 * feed.medianIntervalMinutes * 60_000

/**
 * The conditions a platform feed is in now (docs/decisions.md, "Import alarms"), each `due` once
 * it has lasted long enough to alarm. A condition is keyed by what lasts while it does, and its
 * thresholds only say when it alarms: a median that moves neither ends an alarm raised nor
 * raises one again.
 * - `never-imported`: no fetch yet, due a day after its address was first shown (its at-risk
 *   nights are all of them, told by this one alarm);
 * - `silent`: no fetch since the latest, due past max(24 h, 4 × its median);
 * - `at-risk`: nights a sale took at one moment (a booking, not a block), not acknowledged, not
 *   imported yet, due after twice its median interval; one condition per moment, dated by it.
 */
export function conditionsOf(feed: Figures, now: number): Judgement[] {
  const judged = (kind: ImportAlarmKind, since: string, afterMs: number): Judgement => ({
    feedId: feed.id,
    kind,
    since,
    due: now - Date.parse(since) > afterMs,
  })
  if (feed.lastFetchedAt === null)
    return [judged('never-imported', feed.link_since ?? feed.created_at, NEVER_IMPORTED_AFTER_MS)]
  const taken = new Set(feed.salesAtRisk.filter((run) => !run.acknowledged).map((run) => run.since))
  return [
    judged('silent', feed.lastFetchedAt, silenceAfterMs(feed)),
    ...[...taken]
      .sort()
      .slice(0, AT_RISK_ALARMS_PER_FEED)
      .map((since) => judged('at-risk', since, atRiskAfterMs(feed))),
  ]
}

/** A property with a platform feed, as a pass judges it. */
type Judged = { property_id: string; name: string }

/** The words-free facts of the notices that tell the new conditions of one property. */
function noticesOf(
  property: Judged,
  raised: readonly Condition[],
  feeds: ReadonlyMap<string, Figures>,
): { data: NotificationData; conditions: Condition[] }[] {
  const base = (platformName: string) => ({
    ical: '',
    platformName,
    propertyName: property.name,
    propertyId: property.property_id,
  })
  const notices: { data: NotificationData; conditions: Condition[] }[] = []
  const atRisk = raised.filter((condition) => condition.kind === 'at-risk')
  if (atRisk.length > 0) {
    const runs = atRisk.flatMap((condition) => {
      const feed = feeds.get(condition.feedId)!
      return feed.salesAtRisk
        .filter((run) => run.since === condition.since)
        .map((run) => ({
          platformName: feed.platform_name,
          start: run.start,
          end: run.end,
          since: run.since,
        }))
    })
    // One notice names every night and platform a property newly has at risk.
    notices.push({
      data: { ...base(runs[0]!.platformName), kind: 'at-risk', atRisk: runs },
      conditions: atRisk,
    })
  }
  for (const condition of raised) {
    if (condition.kind === 'at-risk') continue
    const feed = feeds.get(condition.feedId)!
    notices.push({
      data: {
        ...base(feed.platform_name),
        kind: condition.kind,
        ...(condition.kind === 'silent' ? { lastFetchedAt: condition.since } : {}),
      },
      conditions: [condition],
    })
  }
  return notices
}

/**
 * Who hears of a property's alarms: its owner and co-hosts with notifications on (docs/product.md
 * §6), of active accounts, in a fixed order.
 */
async function activeListeners(db: Db, propertyId: string): Promise<string[]> {
  const listeners = await noticeRecipients(db, propertyId)
  if (listeners.length === 0) return []
  const active = await db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', listeners)
    .where('account_state', '=', 'active')
    .orderBy('id')
    .execute()
  return active.map((user) => user.id)
}

export type ImportAlarmsDeps = {
  db: Db
  imports: ImportService
  clock: () => Date
  /** Tells the owner's open pages of the notices stored; never fails the pass (they are stored). */
  announce: (userId: string, ids: readonly string[]) => Promise<void>
}

/**
 * Judges every platform feed's imports now and then, and raises each alarm once while its
 * condition lasts: a notice, live and in the next mail digest (the notice outbox and its hourly
 * budget). A condition that ends is forgotten, its notice read, and unmailed if it was still
 * waiting: it raises again only if it begins again. One process at a time judges (a job lease);
 * the alarm's row, inserted once, keeps any two passes from raising it twice.
 */
export function createImportAlarms({ db, imports, clock, announce }: ImportAlarmsDeps) {
  /** Judges one batch of properties; the notices stored, by listener. */
  async function judgeProperties(properties: readonly Judged[], now: Date): Promise<Map<string, string[]>> {
    const propertyIds = properties.map((property) => property.property_id)
    const [figures, alarms] = await Promise.all([
      imports.figuresOf(propertyIds),
      db
        .selectFrom('import_alarms')
        .innerJoin('platform_feeds', 'platform_feeds.id', 'import_alarms.feed_id')
        .select(['import_alarms.feed_id', 'kind', 'since', 'notification_id'])
        .where('platform_feeds.property_id', 'in', propertyIds)
        .execute(),
    ])
    const feeds = new Map(figures.map((feed) => [feed.id, feed]))
    const conditions = figures.flatMap((feed) => conditionsOf(feed, now.getTime()))
    const lasting = new Set(conditions.map(keyOf))
    const known = new Set(alarms.map((alarm) => keyOf({ ...alarm, feedId: alarm.feed_id })))
    const ended = alarms.filter((alarm) => !lasting.has(keyOf({ ...alarm, feedId: alarm.feed_id })))
    const unknown = conditions.filter((condition) => !known.has(keyOf(condition)))
    const at = now.toISOString()
    const told = new Map<string, string[]>()
    if (ended.length > 0) await endAlarms(ended, at)
    for (const property of properties) {
      const ofProperty = unknown.filter(
        (condition) => feeds.get(condition.feedId)!.property_id === property.property_id,
      )
      const due = ofProperty.filter((condition) => condition.due)
      // Nights taken at one moment are told once, with every platform that has not imported them
      // yet: those not due yet join the notice rather than raise one of their own later.
      const sales = new Set(due.filter(({ kind }) => kind === 'at-risk').map(({ since }) => since))
      const raised = ofProperty.filter(
        (condition) => condition.due || (condition.kind === 'at-risk' && sales.has(condition.since)),
      )
      if (raised.length === 0) continue
      for (const [userId, ids] of await raise(property, raised, feeds, at))
        told.set(userId, [...(told.get(userId) ?? []), ...ids])
    }
    return told
  }

  /** Forgets the ended conditions; a notice none of whose conditions lasts is read and unmailed. */
  async function endAlarms(
    ended: readonly {
      feed_id: string
      kind: ImportAlarmKind
      since: string
      notification_id: string | null
    }[],
    at: string,
  ) {
    await writeTransaction(db, async (trx) => {
      for (const alarm of ended)
        await trx
          .deleteFrom('import_alarms')
          .where('feed_id', '=', alarm.feed_id)
          .where('kind', '=', alarm.kind)
          .where('since', '=', alarm.since)
          .execute()
      const notices = [...new Set(ended.flatMap((alarm) => alarm.notification_id ?? []))]
      if (notices.length === 0) return
      const stillTelling = await trx
        .selectFrom('import_alarms')
        .select('notification_id')
        .where('notification_id', 'in', notices)
        .execute()
      const over = notices.filter((id) => !stillTelling.some((row) => row.notification_id === id))
      if (over.length === 0) return
      // The alarm's notice and its copies to the other listeners.
      const told = (eb: ExpressionBuilder<Database, 'notifications'>) =>
        eb.or([eb('id', 'in', over), eb('copy_of', 'in', over)])
      await trx
        .updateTable('notifications')
        .set({ read_at: at })
        .where(told)
        .where('read_at', 'is', null)
        .execute()
      for (const outbox of ['mailed_at', 'pushed_at'] as const)
        await trx
          .updateTable('notifications')
          .set({ [outbox]: at })
          .where(told)
          .where(outbox, 'is', null)
          .execute()
    })
  }

  /**
   * Records the property's new conditions and stores the notices of those this pass recorded
   * first (another's pass may have recorded some in the meantime), in one transaction: for each
   * of its listeners (the owner and co-hosts with notifications on, active accounts), the first's
   * kept on the alarm and the others' copies of it. The notices stored, by listener.
   */
  function raise(
    property: Judged,
    raised: readonly Condition[],
    feeds: ReadonlyMap<string, Figures>,
    at: string,
  ) {
    return writeTransaction(db, async (trx) => {
      const recorded: Condition[] = []
      for (const condition of raised) {
        const inserted = await trx
          .insertInto('import_alarms')
          .values({
            feed_id: condition.feedId,
            kind: condition.kind,
            since: condition.since,
            notification_id: null,
            raised_at: at,
          })
          .onConflict((conflict) => conflict.columns(['feed_id', 'kind', 'since']).doNothing())
          .returning('feed_id')
          .executeTakeFirst()
        if (inserted) recorded.push(condition)
      }
      const told = new Map<string, string[]>()
      if (recorded.length === 0) return told
      const [first, ...others] = await activeListeners(trx, property.property_id)
      if (first === undefined) return told
      const notices = noticesOf(property, recorded, feeds)
      const ids = await createNotifications(
        trx,
        notices.map(({ data }): NewNotification => ({ userId: first, title: null, data, now: at })),
      )
      told.set(first, ids)
      for (const [index, { conditions }] of notices.entries())
        for (const condition of conditions)
          await trx
            .updateTable('import_alarms')
            .set({ notification_id: ids[index]! })
            .where('feed_id', '=', condition.feedId)
            .where('kind', '=', condition.kind)
            .where('since', '=', condition.since)
            .execute()
      for (const userId of others)
        told.set(
          userId,
          await createNotifications(
            trx,
            notices.map(({ data }, index): NewNotification => ({
              userId,
              title: null,
              data,
              now: at,
              copyOf: ids[index]!,
            })),
          ),
        )
      return told
    })
  }

  /**
   * One pass over every property with a platform feed, a batch at a time; false when another
   * process is judging. Deactivated accounts' properties are judged (their conditions are kept)
   * but they are told nothing, like listeners with notifications off.
   */
  async function judge(): Promise<boolean> {
    const now = clock()
    const until = new Date(now.getTime() + LEASE_MS).toISOString()
    if (!(await takeJobLease(db, JOB, now.toISOString(), until))) return false
    try {
      let after = ''
      for (;;) {
        const properties = await db
          .selectFrom('properties')
          .select(['properties.id as property_id', 'properties.name'])
          .where('properties.id', '>', after)
          .where((eb) =>
            eb.exists(
              eb
                .selectFrom('platform_feeds')
                .select('id')
                .whereRef('platform_feeds.property_id', '=', 'properties.id'),
            ),
          )
          .orderBy('properties.id')
          .limit(PROPERTIES_PER_BATCH)
          .execute()
        if (properties.length === 0) return true
        after = properties.at(-1)!.property_id
        for (const [userId, ids] of await judgeProperties(properties, now)) await announce(userId, ids)
        await nextTurn()
      }
    } finally {
      await releaseJobLease(db, JOB, until)
    }
  }

  return { judge }
}

export type ImportAlarms = ReturnType<typeof createImportAlarms>

declare module 'fastify' {
  interface FastifyInstance {
    /** The judge of the platforms' imports; its timer runs once started (server/serve.ts). */
    importAlarms: ImportAlarms & { start(): void }
  }
}

/**
 * Decorates the app with the import alarms, judged every JUDGE_EVERY_MS once started. Their mail
 * goes with the sync scheduler's next round (at most 15 s later).
 */
export function installImportAlarms(app: FastifyInstance, imports: ImportService) {
  const alarms = createImportAlarms({
    db: app.db,
    imports,
    clock: app.clock,
    announce: (userId, ids) =>
      app.notifications
        .announce(userId, ids)
        .catch((error: unknown) =>
          app.log.warn({ err: error, userId }, 'could not announce import alarms live'),
        ),
  })
  const judged = periodicPass(app, JUDGE_EVERY_MS, () =>
    alarms
      .judge()
      .catch((error: unknown) => app.log.error({ err: error }, 'could not judge the platforms’ imports')),
  )
  app.decorate('importAlarms', { ...alarms, ...judged })
}
