import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { Insertable, Selectable } from 'kysely'
import {
  CLEANER_CHANGE_DAYS,
  CLEANER_DAYS,
  CLEANER_LINKS_PER_ACCOUNT,
  type CleanerCleaning,
  type CleanerLink,
  type CleanerLinkBody,
  type CleanerSchedule,
  type ConfirmedCleanerEmail,
} from '../../contract/turnover.ts'
import { locationLine } from '../../src/domain/address.ts'
import { addDays } from '../../src/domain/dates.ts'
import { PATHS } from '../../src/domain/paths.ts'
import { todayIn } from '../../src/domain/timeZones.ts'
import { API_PREFIX, apiPaths } from '../../contract/paths.ts'
import { feedTokenOfFile, type ExportFeed } from '../calendar/feeds.ts'
import { cachedBody, etagOf } from '../db/stampedCache.ts'
import type { Db } from '../db/database.ts'
import type { CleanerLinksTable } from '../db/schema.ts'
import { HttpError, notFound, tooManyRequests } from '../errors.ts'
import { sha256 } from '../auth/session.ts'
import type { Mailer } from '../mail/mailer.ts'
import { composeMail } from '../mail/messages.ts'
import { takeBudget, untilBudgetRenews } from '../notification/outbox.ts'
import { newExportToken } from '../property/service.ts'
import { holdAccount } from '../quota/quotas.ts'
import { cleanerFeedText } from './cleanerFeed.ts'
import type { TurnoverService } from './service.ts'
import type { ToldCleaning, ToldCleanings } from './cleaningChanges.ts'

type Deps = {
  db: Db
  publicUrl: string
  clock: () => Date
  turnovers: TurnoverService
  mailer: Mailer
  /** The account's mails an hour, which a confirmation mail takes from. */
  mailsPerHour: number
  log: FastifyBaseLogger
}

type LinkRow = Selectable<CleanerLinksTable>

/** A property as a cleaner's link reads it: where it is, and in which zone its times are. */
export type CleanerProperty = { id: string; name: string; address: string; timeZone: string }

/** What a token opens: its link, and its properties that still exist. */
export type OpenedLink = { link: LinkRow; properties: CleanerProperty[] }

/** Where a token's feed answers: `/api/cleaning/feed/{token}.ics`. */
const feedPathOf = (token: string) =>
  `${API_PREFIX}${apiPaths.turnover.cleanerFeed.url.replace(':file', `${token}.ics`)}`

/** The cleaner links of an account (docs/product.md §7.11): made, listed, rotated, revoked, opened. */
export function createCleanerLinkService({
  db,
  publicUrl,
  clock,
  turnovers,
  mailer,
  mailsPerHour,
  log,
}: Deps) {
  const urlsOf = (token: string) => ({
    url: `${publicUrl}${PATHS.cleaner}/${token}`,
    icsUrl: `${publicUrl}${feedPathOf(token)}`,
  })

  async function viewsOf(links: LinkRow[]): Promise<CleanerLink[]> {
    if (links.length === 0) return []
    const rows = await db
      .selectFrom('cleaner_link_properties')
      .select(['link_id', 'property_id'])
      .where(
        'link_id',
        'in',
        links.map((link) => link.id),
      )
      .orderBy('property_id')
      .execute()
    return links.map((link) => ({
      id: link.id,
      name: link.name,
      ...urlsOf(link.token),
      propertyIds: rows.filter((row) => row.link_id === link.id).map((row) => row.property_id),
      email: link.email,
      emailConfirmed: link.email_confirmed_at !== null,
      language: link.language,
      createdAt: link.created_at,
    }))
  }

  const ownLink = (ownerId: string, id: string) =>
    db.selectFrom('cleaner_links').selectAll().where('owner_id', '=', ownerId).where('id', '=', id)

  /**
   * The link a token (or, for the change mails, an id) names, its owner active: a deactivated
   * owner's links answer 404 as feeds do.
   */
  async function open(key: 'token' | 'id', value: string): Promise<OpenedLink | null> {
    const link = await db
      .selectFrom('cleaner_links')
      .innerJoin('users', 'users.id', 'cleaner_links.owner_id')
      .selectAll('cleaner_links')
      .where(`cleaner_links.${key}`, '=', value)
      .where('users.account_state', '=', 'active')
      .executeTakeFirst()
    if (!link) return null
    const properties = await db
      .selectFrom('cleaner_link_properties')
      .innerJoin('properties', 'properties.id', 'cleaner_link_properties.property_id')
      .select([
        'properties.id',
        'properties.name',
        'properties.country',
        'properties.region',
        'properties.city',
        'properties.address',
        'properties.time_zone',
      ])
      .where('cleaner_link_properties.link_id', '=', link.id)
      .where('properties.owner_id', '=', link.owner_id)
      .execute()
    return {
      link,
      properties: properties.map((row) => ({
        id: row.id,
        name: row.name,
        // As the property's card and the Turnovers list write it.
        address: locationLine(row),
        timeZone: row.time_zone,
      })),
    }
  }

  /**
   * The next `days` days' cleanings of an opened link, each property's days counted from its own
   * today; nothing of the stays but their dates and ids.
   */
  async function scheduleOf({ link, properties }: OpenedLink, days = CLEANER_DAYS): Promise<CleanerSchedule> {
    const now = clock()
    const todays = new Map(properties.map((property) => [property.id, todayIn(property.timeZone, now)]))
    const sorted = [...todays.values()].sort()
    const from = sorted[0] ?? todayIn('UTC', now)
    const to = addDays(sorted.at(-1) ?? from, days - 1)
    const byId = new Map(properties.map((property) => [property.id, property]))
    const all =
      properties.length === 0
        ? []
        : await turnovers.list({ ownerId: link.owner_id, propertyIds: [...byId.keys()] }, from, to)
    const cleanings: CleanerCleaning[] = all
      .filter((cleaning) => {
        const today = todays.get(cleaning.propertyId)!
        return cleaning.date >= today && cleaning.date <= addDays(today, days - 1)
      })
      .map((cleaning) => ({
        propertyId: cleaning.propertyId,
        propertyName: cleaning.propertyName,
        address: byId.get(cleaning.propertyId)!.address,
        stayId: cleaning.stayId,
        date: cleaning.date,
        checkOutTime: cleaning.checkOutTime,
        nextCheckIn: cleaning.nextCheckIn,
        sameDay: cleaning.sameDay,
        gapNights: cleaning.gapNights,
      }))
    return { name: link.name, language: link.language, from, to, cleanings }
  }

  /** Asks the address's owner to confirm it: only then does it get the link's change mails. */
  async function mailConfirmation(link: LinkRow & { email: string }, token: string) {
    const owner = await db
      .selectFrom('users')
      .select(['name', 'email'])
      .where('id', '=', link.owner_id)
      .executeTakeFirstOrThrow()
    const content = {
      kind: 'cleaner-confirm' as const,
      link: `${publicUrl}${PATHS.confirmCleanerEmail}/${token}`,
      host: owner.name?.trim() || owner.email,
      name: link.name,
    }
    try {
      await mailer.send(composeMail(link.language, link.email, content), 'notice')
    } catch (error) {
      // The link stands; its address waits unconfirmed, as the owner's list says.
      log.error({ err: error, linkId: link.id }, 'could not mail a cleaner link’s confirmation')
    }
  }

  return {
    async list(ownerId: string): Promise<CleanerLink[]> {
      const links = await db
        .selectFrom('cleaner_links')
        .selectAll()
        .where('owner_id', '=', ownerId)
        .orderBy('created_at')
        .orderBy('id')
        .execute()
      return viewsOf(links)
    },

    /**
     * 404 when a property is not the caller's; 409 past the account's links; 429 when an address
     * is given and the account's mail budget of the hour is spent (its confirmation is a mail).
     */
    async create(ownerId: string, body: CleanerLinkBody): Promise<CleanerLink> {
      const propertyIds = [...new Set(body.propertyIds)]
      const emailToken = body.email === undefined ? null : newExportToken()
      const link = await db.transaction().execute(async (trx) => {
        await holdAccount(trx, ownerId)
        const own = await trx
          .selectFrom('properties')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('owner_id', '=', ownerId)
          .where('id', 'in', propertyIds)
          .executeTakeFirstOrThrow()
        if (Number(own.count) !== propertyIds.length) throw notFound()
        const held = await trx
          .selectFrom('cleaner_links')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('owner_id', '=', ownerId)
          .executeTakeFirstOrThrow()
        if (Number(held.count) >= CLEANER_LINKS_PER_ACCOUNT)
          throw new HttpError(409, 'errors.quota.cleanerLinks', { count: CLEANER_LINKS_PER_ACCOUNT })
        const now = clock().toISOString()
        if (emailToken !== null && !(await takeBudget(trx, ownerId, now, mailsPerHour)))
          throw tooManyRequests('errors.turnover.mailBudget', await untilBudgetRenews(trx, ownerId, now))
        const row: Insertable<CleanerLinksTable> & LinkRow = {
          id: randomUUID(),
          owner_id: ownerId,
          name: body.name,
          token: newExportToken(),
          email: body.email ?? null,
          email_confirmed_at: null,
          language: body.language ?? 'en',
          created_at: now,
          email_token_hash: emailToken && sha256(emailToken),
          told_cleanings: null,
          told_at: null,
          checked_at: null,
          changes_waiting: 0,
        }
        await trx.insertInto('cleaner_links').values(row).execute()
        await trx
          .insertInto('cleaner_link_properties')
          .values(propertyIds.map((propertyId) => ({ link_id: row.id, property_id: propertyId })))
          .execute()
        return row
      })
      if (emailToken !== null && link.email !== null)
        await mailConfirmation({ ...link, email: link.email }, emailToken)
      return (await viewsOf([link]))[0]!
    },

    /**
     * The address's owner agrees to the change mails, by the secret the confirmation mail held:
     * from now on, the cleanings as they are now are what changes are told against. Null when no
     * active link has it (revoked, or its owner deactivated). Confirming again changes nothing.
     */
    async confirmEmail(token: string): Promise<ConfirmedCleanerEmail | null> {
      const found = await db
        .selectFrom('cleaner_links')
        .select('id')
        .where('email_token_hash', '=', sha256(token))
        .executeTakeFirst()
      const opened = found && (await open('id', found.id))
      const email = opened?.link.email
      if (!opened || !email) return null
      const { link } = opened
      if (link.email_confirmed_at === null) {
        const now = clock().toISOString()
        await db
          .updateTable('cleaner_links')
          .set({
            email_confirmed_at: now,
            ...toldColumns(await toldNow(opened, now)),
            checked_at: now,
            changes_waiting: 0,
          })
          .where('id', '=', link.id)
          .where('email_confirmed_at', 'is', null)
          .execute()
      }
      return { name: link.name, email }
    },

    /** A new token: the old page and feed answer 404 at once. */
    async rotate(ownerId: string, id: string): Promise<CleanerLink> {
      const result = await db
        .updateTable('cleaner_links')
        .set({ token: newExportToken() })
        .where('owner_id', '=', ownerId)
        .where('id', '=', id)
        .executeTakeFirst()
      if (Number(result.numUpdatedRows) === 0) throw notFound()
      return (await viewsOf([await ownLink(ownerId, id).executeTakeFirstOrThrow()]))[0]!
    },

    async remove(ownerId: string, id: string): Promise<void> {
      const result = await db
        .deleteFrom('cleaner_links')
        .where('owner_id', '=', ownerId)
        .where('id', '=', id)
        .executeTakeFirst()
      if (Number(result.numDeletedRows) === 0) throw notFound()
    },

    /** A cleaner's page: null when no active link has the token. */
    async schedule(token: string): Promise<CleanerSchedule | null> {
      const opened = await open('token', token)
      return opened && scheduleOf(opened)
    },

    /** A cleaner's feed and its ETag: null when no active link has the token of `file`. */
    async feed(file: string): Promise<ExportFeed | null> {
      const opened = await open('token', feedTokenOfFile(file))
      if (!opened) return null
      const text = cleanerFeedText(opened, await scheduleOf(opened))
      return { body: await cachedBody(text), etag: etagOf(text) }
    },

    open,
    toldNow,
    urlsOf,
  }

  /** The next CLEANER_CHANGE_DAYS days' cleanings as the change mails keep them, at `now`. */
  async function toldNow(opened: OpenedLink, now: string): Promise<ToldCleanings> {
    const schedule = await scheduleOf(opened, CLEANER_CHANGE_DAYS)
    const cleanings = schedule.cleanings.map(
      ({ stayId, propertyId, propertyName, date, checkOutTime }): ToldCleaning => ({
        stayId,
        propertyId,
        propertyName,
        date,
        checkOutTime,
      }),
    )
    return { at: now, until: schedule.to, cleanings }
  }
}

/** The columns that record what was told to a link's address. */
export const toldColumns = (told: ToldCleanings) => ({
  told_cleanings: JSON.stringify(told),
  told_at: told.at,
})

export type CleanerLinkService = ReturnType<typeof createCleanerLinkService>
