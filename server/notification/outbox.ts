import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/database.ts'
import type { NoticeKind } from '../db/schema.ts'
import type { Mailer } from '../mail/mailer.ts'
import { composeNoticeMail, type MailedNotice } from '../mail/notices.ts'
import type { NotificationData } from './schemas.ts'

type Claim = { ids: readonly string[] } | { userId: string }

/** How long a conflict's own mail may take before a digest carries it instead. */
const CONFLICT_MAIL_GRACE_MS = 5 * 60_000

const ago = (now: string, ms: number) => new Date(Date.parse(now) - ms).toISOString()

/**
 * Takes the change notices still waiting for their mail: one conditional UPDATE sets
 * `mailed_at`, so of all the processes sharing the database only one sends each (migration
 * 0010). The notices come back with their owner's address and language. A deactivated owner's
 * notices are claimed and dropped, unmailed: no mail reaches a deactivated account, and none
 * arrives in a burst when it is active again.
 */
async function claim(db: Db, which: Claim, now: string) {
  if ('ids' in which && which.ids.length === 0) return []
  let update = db
    .updateTable('notifications')
    .set({ mailed_at: now })
    .where('mailed_at', 'is', null)
    .where('kind', 'is not', null)
  update =
    'ids' in which
      ? update.where('id', 'in', [...which.ids])
      : update
          .where('user_id', '=', which.userId)
          // A conflict is mailed on its own the moment it is stored; a digest takes it only when
          // that mail never went (the process stopped, or the mail server failed).
          .where((eb) =>
            eb.or([eb('kind', '!=', 'conflict'), eb('created_at', '<', ago(now, CONFLICT_MAIL_GRACE_MS))]),
          )
  const claimed = await update.returning(['id', 'user_id', 'kind', 'data', 'created_at']).execute()
  if (claimed.length === 0) return []
  const owners = await db
    .selectFrom('users')
    .select(['id', 'email', 'language'])
    .where('id', 'in', [...new Set(claimed.map((row) => row.user_id))])
    .where('account_state', '=', 'active')
    .execute()
  return claimed
    .sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0))
    .flatMap((row) => {
      const owner = owners.find((user) => user.id === row.user_id)
      const notice: MailedNotice = {
        kind: row.kind as NoticeKind,
        data: JSON.parse(row.data) as NotificationData,
      }
      return owner ? [{ id: row.id, owner, notice }] : []
    })
}

export type NoticeMail = {
  /** Mails each of these conflict notices now, on its own. */
  sendConflicts(ids: readonly string[]): Promise<void>
  /** Mails every owner with notices still waiting one digest of them all (a sync round's end). */
  sendDigests(): Promise<void>
}

/**
 * Issue 13: the mail of change notices. A mail that fails is put back in the outbox, so the
 * next round's digest carries it; nothing is mailed twice.
 */
export function createNoticeMail(db: Db, mailer: Mailer, appUrl: string, log: FastifyBaseLogger): NoticeMail {
  const send = async (notices: Awaited<ReturnType<typeof claim>>) => {
    const first = notices[0]
    if (!first) return
    try {
      await mailer.send(
        composeNoticeMail(
          first.owner.language,
          first.owner.email,
          notices.map((each) => each.notice),
          appUrl,
        ),
      )
    } catch (error) {
      log.error(
        { err: error, userId: first.owner.id },
        'could not mail change notices; they wait for the next round',
      )
      await db
        .updateTable('notifications')
        .set({ mailed_at: null })
        .where(
          'id',
          'in',
          notices.map((each) => each.id),
        )
        .execute()
    }
  }
  return {
    async sendConflicts(ids) {
      // One mail per owner, however many stays a feed put on sold nights at once.
      const claimed = await claim(db, { ids }, new Date().toISOString())
      for (const ownerId of new Set(claimed.map((each) => each.owner.id)))
        await send(claimed.filter((each) => each.owner.id === ownerId))
    },
    async sendDigests() {
      const waiting = await db
        .selectFrom('notifications')
        .select('user_id')
        .distinct()
        .where('mailed_at', 'is', null)
        .where('kind', 'is not', null)
        .execute()
      for (const { user_id: userId } of waiting)
        await send(await claim(db, { userId }, new Date().toISOString()))
    },
  }
}
