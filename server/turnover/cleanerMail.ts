import type { FastifyInstance } from 'fastify'
import { todayIn } from '../../src/domain/timeZones.ts'
import { composeCleaningChangesMail } from '../mail/cleanings.ts'
import { takeBudget } from '../notification/outbox.ts'
import { cleaningChanges, type ToldCleanings } from './cleaningChanges.ts'
import { toldColumns, type OpenedLink } from './cleanerLinks.ts'

/**
 * A stay deleted outright (a manual stay removed) leaves no row to say a link changed: every
 * link is compared at least this often all the same.
 */
const COMPARE_AT_LEAST_EVERY_MS = 60 * 60_000
/** Changes that found the owner's mail budget spent are tried again after this long. */
const WAITING_RETRY_MS = 5 * 60_000
/** The links one pass compares, the longest uncompared first: the rest wait for the next pass. */
const LINKS_PER_PASS = 50

const ago = (now: string, ms: number) => new Date(Date.parse(now) - ms).toISOString()

export type CleanerChangeMail = {
  /**
   * Mails each confirmed address whose cleanings in the next 14 days were added, moved or
   * cancelled since it was last told: one mail a link a pass, within its owner's budget.
   */
  sendWaiting(): Promise<void>
}

/**
 * A cleaner's change mails (docs/product.md §7.11), sent at the end of each sync round. A link
 * is compared when one of its properties or their stays changed since its last comparison, when
 * changes of its wait for the budget, or hourly; one UPDATE claims it, so of all the processes
 * sharing the database only one compares and mails it.
 */
export function createCleanerChangeMail(
  app: Pick<FastifyInstance, 'db' | 'mailer' | 'config' | 'log' | 'clock' | 'cleanerLinks' | 'turnovers'>,
): CleanerChangeMail {
  const { db } = app

  const dueLinks = (now: string) =>
    db
      .selectFrom('cleaner_links as link')
      .innerJoin('users', 'users.id', 'link.owner_id')
      .select(['link.id', 'link.checked_at'])
      .where('link.email_confirmed_at', 'is not', null)
      .where('users.account_state', '=', 'active')
      .where((eb) => {
        const covered = eb
          .selectFrom('cleaner_link_properties as covered')
          .whereRef('covered.link_id', '=', 'link.id')
        return eb.or([
          eb('link.checked_at', 'is', null),
          eb('link.checked_at', '<', ago(now, COMPARE_AT_LEAST_EVERY_MS)),
          eb.and([
            eb('link.changes_waiting', '=', 1),
            eb('link.checked_at', '<', ago(now, WAITING_RETRY_MS)),
          ]),
          eb.exists(
            covered
              .innerJoin('bookings', 'bookings.property_id', 'covered.property_id')
              .select('bookings.id')
              .whereRef('bookings.updated_at', '>', 'link.checked_at'),
          ),
          eb.exists(
            covered
              .innerJoin('properties', 'properties.id', 'covered.property_id')
              .select('properties.id')
              .whereRef('properties.updated_at', '>', 'link.checked_at'),
          ),
        ])
      })
      .orderBy('link.checked_at')
      .limit(LINKS_PER_PASS)
      .execute()

  /** Whether this process took the link's comparison (no other did since `checkedAt`). */
  const claim = async (id: string, checkedAt: string | null, now: string) => {
    const taken = await db
      .updateTable('cleaner_links')
      .set({ checked_at: now })
      .where('id', '=', id)
      .where((eb) => (checkedAt === null ? eb('checked_at', 'is', null) : eb('checked_at', '=', checkedAt)))
      .executeTakeFirst()
    return taken.numUpdatedRows > 0n
  }

  const record = (id: string, values: { changes_waiting: 0 | 1 } & Partial<ReturnType<typeof toldColumns>>) =>
    db.updateTable('cleaner_links').set(values).where('id', '=', id).execute()

  /** The changes since `told`, and the cleanings as they are now. */
  async function changesOf(opened: OpenedLink, told: ToldCleanings, now: string) {
    const current = await app.cleanerLinks.toldNow(opened, now)
    const toldIds = new Set(told.cleanings.map((cleaning) => cleaning.stayId))
    const currentIds = new Set(current.cleanings.map((cleaning) => cleaning.stayId))
    const todays = new Map(
      opened.properties.map((property) => [property.id, todayIn(property.timeZone, new Date(now))]),
    )
    // Past the told window: new only if its stay changed since (else the days brought it in).
    const beyond = current.cleanings
      .filter((cleaning) => !toldIds.has(cleaning.stayId) && cleaning.date > told.until)
      .map((cleaning) => cleaning.stayId)
    const changed =
      beyond.length === 0
        ? []
        : await db
            .selectFrom('bookings')
            .select('id')
            .where('id', 'in', beyond)
            .where('updated_at', '>', told.at)
            .execute()
    const gone = told.cleanings.filter(
      (cleaning) =>
        !currentIds.has(cleaning.stayId) && cleaning.date >= (todays.get(cleaning.propertyId) ?? ''),
    )
    const covered = new Set(opened.properties.map((property) => property.id))
    const later = (
      await app.turnovers.checkOutsOf(
        opened.link.owner_id,
        gone.map((cleaning) => cleaning.stayId),
      )
    ).filter((cleaning) => covered.has(cleaning.propertyId) && cleaning.date > current.until)
    const changes = cleaningChanges(told, current.cleanings, {
      todays,
      changedSince: new Set(changed.map((row) => row.id)),
      later: new Map(later.map((cleaning) => [cleaning.stayId, cleaning])),
    })
    return { changes, current }
  }

  async function compare(id: string, now: string) {
    const opened = await app.cleanerLinks.open('id', id)
    const { link } = opened ?? {}
    if (!opened || !link?.email || link.told_cleanings === null) return
    const { changes, current } = await changesOf(
      opened,
      JSON.parse(link.told_cleanings) as ToldCleanings,
      now,
    )
    if (changes.length === 0) return record(id, { changes_waiting: 0, ...toldColumns(current) })
    if (!(await takeBudget(db, link.owner_id, now, app.config.mailNoticesPerHour)))
      return record(id, { changes_waiting: 1 })
    const mail = composeCleaningChangesMail(link.language, link.email, {
      name: link.name,
      url: app.cleanerLinks.urlsOf(link.token).url,
      changes,
    })
    try {
      await app.mailer.send(mail, 'notice')
    } catch (error) {
      app.log.error(
        { err: error, linkId: id },
        'could not mail a cleaner’s changes; they wait for a later mail',
      )
      return record(id, { changes_waiting: 1 })
    }
    await record(id, { changes_waiting: 0, ...toldColumns(current) })
  }

  return {
    async sendWaiting() {
      const now = app.clock().toISOString()
      for (const link of await dueLinks(now)) {
        if (!(await claim(link.id, link.checked_at, now))) continue
        await compare(link.id, now).catch((error: unknown) =>
          app.log.error({ err: error, linkId: link.id }, 'could not compare a cleaner link’s cleanings'),
        )
      }
    },
  }
}
