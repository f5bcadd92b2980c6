import type { FastifyInstance } from 'fastify'
import type { ExpressionBuilder } from 'kysely'
import type { Db } from '../db/database.ts'
import type { NoticeKind } from '../../src/domain/noticeKinds.ts'
import type { Database } from '../db/schema.ts'
import { composeNoticeMail, type MailedNotice } from '../mail/notices.ts'
import type { NotificationData } from '../../contract/notification.ts'
import { textOrder } from '../../src/domain/textOrder.ts'

const HOUR_MS = 60 * 60_000

const ago = (now: string, ms: number) => new Date(Date.parse(now) - ms).toISOString()

/** Whether the account's hour of notice mail is over, or never began: its budget is whole again. */
const hourOver = (eb: ExpressionBuilder<Database, 'users'>, now: string) =>
  eb.or([eb('notice_mails_since', 'is', null), eb('notice_mails_since', '<=', ago(now, HOUR_MS))])

/** Whether the account may have another notice mail now. */
const budgetLeft = (eb: ExpressionBuilder<Database, 'users'>, now: string, perHour: number) =>
  eb.or([hourOver(eb, now), eb('notice_mails_sent', '<', perHour)])

/**
 * Takes one mail of the owner's hourly budget, in one conditional UPDATE: an hour that is over
 * starts again with this mail; otherwise the count grows only while under `perHour`. Parallel
 * takers on any process each get their own mail, and no more than `perHour` get one an hour.
 * Every mail an account makes Manzil send past its own sign-in codes takes from it: change
 * notices, and a cleaner's confirmation and change mails.
 */
export async function takeBudget(db: Db, userId: string, now: string, perHour: number): Promise<boolean> {
  const taken = await db
    .updateTable('users')
    .set((eb) => ({
      notice_mails_sent: eb
        .case()
        .when(hourOver(eb, now))
        .then(eb.lit(1))
        .else(eb('notice_mails_sent', '+', 1))
        .end(),
      notice_mails_since: eb
        .case()
        .when(hourOver(eb, now))
        .then(now)
        .else(eb.ref('notice_mails_since'))
        .end(),
    }))
    .where('id', '=', userId)
    .where((eb) => budgetLeft(eb, now, perHour))
    .executeTakeFirst()
  return taken.numUpdatedRows > 0n
}

/** How long until the account's hour of mail is over and its budget whole again, in ms. */
export async function untilBudgetRenews(db: Db, userId: string, now: string): Promise<number> {
  const { notice_mails_since: since } = await db
    .selectFrom('users')
    .select('notice_mails_since')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  return since === null ? 0 : Date.parse(since) + HOUR_MS - Date.parse(now)
}

/**
 * Takes the owner's change notices still waiting for their mail: one conditional UPDATE sets
 * `mailed_at`, so of all the processes sharing the database only one sends each (migration
 * 0010). The notices come back with their owner's address and language. A deactivated owner's
 * notices are claimed and dropped, unmailed: no mail reaches a deactivated account, and none
 * arrives in a burst when it is active again.
 */
async function claim(db: Db, userId: string, now: string) {
  const claimed = await db
    .updateTable('notifications')
    .set({ mailed_at: now })
    .where('mailed_at', 'is', null)
    .where('kind', 'is not', null)
    .where('user_id', '=', userId)
    .returning(['id', 'kind', 'data', 'created_at'])
    .execute()
  if (claimed.length === 0) return []
  const owner = await db
    .selectFrom('users')
    .select(['id', 'email', 'language'])
    .where('id', '=', userId)
    .where('account_state', '=', 'active')
    .executeTakeFirst()
  if (!owner) return []
  return claimed
    .sort((a, b) => textOrder(a.created_at, b.created_at))
    .map((row) => {
      const notice: MailedNotice = {
        kind: row.kind as NoticeKind,
        data: JSON.parse(row.data) as NotificationData,
      }
      return { id: row.id, owner, notice }
    })
}

type Claimed = Awaited<ReturnType<typeof claim>>

/** Puts claimed notices back in the outbox, for a later mail. */
const putBack = (db: Db, notices: Claimed) =>
  db
    .updateTable('notifications')
    .set({ mailed_at: null })
    .where(
      'id',
      'in',
      notices.map((each) => each.id),
    )
    .execute()

export type NoticeMail = {
  /**
   * Mails every owner with notices waiting, within each owner's hourly budget: their conflicts
   * in one mail, then their other changes in one digest (a sync round's end, or a Sync now's).
   */
  sendWaiting(): Promise<void>
}

/**
 * The mail of change notices, in the mailer's notice lane. Each owner gets at most one conflict
 * mail and one digest each time, whatever the number of feeds, and at most MAIL_NOTICES_PER_HOUR
 * mails an hour: the last mail the hour allows carries every notice left, and notices past it
 * stay in the outbox for the next hour's first mail. A mail that fails is put back in the outbox,
 * so a later mail carries it; nothing is mailed twice.
 */
export function createNoticeMail(
  app: Pick<FastifyInstance, 'db' | 'mailer' | 'config' | 'log' | 'clock'>,
): NoticeMail {
  const { db, config } = app
  const perHour = config.mailNoticesPerHour

  const send = async (notices: Claimed) => {
    const first = notices[0]
    if (!first) return
    try {
      await app.mailer.send(
        composeNoticeMail(
          first.owner.language,
          first.owner.email,
          notices.map((each) => each.notice),
          config.publicUrl,
        ),
        'notice',
      )
    } catch (error) {
      app.log.error(
        { err: error, userId: first.owner.id },
        'could not mail change notices; they wait for a later mail',
      )
      await putBack(db, notices)
    }
  }

  const mailOwner = async (userId: string) => {
    const now = app.clock().toISOString()
    const claimed = await claim(db, userId, now)
    if (claimed.length === 0) return
    const mails = [
      claimed.filter((each) => each.notice.kind === 'conflict'),
      claimed.filter((each) => each.notice.kind !== 'conflict'),
    ].filter((notices) => notices.length > 0)
    let granted = 0
    while (granted < mails.length && (await takeBudget(db, userId, now, perHour))) granted++
    // Another process took the owner's last mail of the hour in the meantime.
    if (granted === 0) {
      await putBack(db, claimed)
      return
    }
    for (const notices of [...mails.slice(0, granted - 1), mails.slice(granted - 1).flat()])
      await send(notices)
  }

  return {
    async sendWaiting() {
      const now = app.clock().toISOString()
      const owners = await db
        .selectFrom('users')
        .select('id')
        .where(
          'id',
          'in',
          db
            .selectFrom('notifications')
            .select('user_id')
            .where('mailed_at', 'is', null)
            .where('kind', 'is not', null),
        )
        .where((eb) => budgetLeft(eb, now, perHour))
        .execute()
      for (const { id } of owners) await mailOwner(id)
    },
  }
}
