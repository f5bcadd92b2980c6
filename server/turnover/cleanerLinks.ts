import { createHash, randomUUID } from 'node:crypto'
import {
  CLEANER_DAYS,
  CLEANER_LINKS_PER_ACCOUNT,
  type CleanerCleaning,
  type CleanerLink,
  type CleanerLinkBody,
  type CleanerSchedule,
} from '../../contract/turnover.ts'
import { addDays } from '../../src/domain/dates.ts'
import { PATHS } from '../../src/domain/paths.ts'
import { todayIn } from '../../src/domain/timeZones.ts'
import { API_PREFIX, apiPaths } from '../../contract/paths.ts'
import { feedTokenOfFile, type ExportFeed } from '../calendar/feeds.ts'
import { cachedBody } from '../db/stampedCache.ts'
import type { Db } from '../db/database.ts'
import type { CleanerLinksTable } from '../db/schema.ts'
import { HttpError, notFound } from '../errors.ts'
import { newExportToken } from '../property/service.ts'
import { holdAccount } from '../quota/quotas.ts'
import { cleanerFeedText } from './cleanerFeed.ts'
import type { TurnoverService } from './service.ts'

type Deps = { db: Db; publicUrl: string; clock: () => Date; turnovers: TurnoverService }

/** A property as a cleaner's link reads it: where it is, and in which zone its times are. */
export type CleanerProperty = { id: string; name: string; address: string; timeZone: string }

/** What a token opens: its link, and its properties that still exist. */
export type OpenedLink = { link: CleanerLinksTable; properties: CleanerProperty[] }

/** Where a token's feed answers: `/api/cleaning/feed/{token}.ics`. */
const feedPathOf = (token: string) =>
  `${API_PREFIX}${apiPaths.turnover.cleanerFeed.url.replace(':file', `${token}.ics`)}`

/** The cleaner links of an account (docs/product.md §7.11): made, listed, rotated, revoked, opened. */
export function createCleanerLinkService({ db, publicUrl, clock, turnovers }: Deps) {
  const urlsOf = (token: string) => ({
    url: `${publicUrl}${PATHS.cleaner}/${token}`,
    icsUrl: `${publicUrl}${feedPathOf(token)}`,
  })

  async function viewsOf(links: CleanerLinksTable[]): Promise<CleanerLink[]> {
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

  /** The link of a token, its owner active: a deactivated owner's links answer 404 as feeds do. */
  async function open(token: string): Promise<OpenedLink | null> {
    const link = await db
      .selectFrom('cleaner_links')
      .innerJoin('users', 'users.id', 'cleaner_links.owner_id')
      .selectAll('cleaner_links')
      .where('cleaner_links.token', '=', token)
      .where('users.account_state', '=', 'active')
      .executeTakeFirst()
    if (!link) return null
    const properties = await db
      .selectFrom('cleaner_link_properties')
      .innerJoin('properties', 'properties.id', 'cleaner_link_properties.property_id')
      .select([
        'properties.id',
        'properties.name',
        'properties.address',
        'properties.city',
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
        address: [row.address, row.city].filter((part) => part.trim() !== '').join(', '),
        timeZone: row.time_zone,
      })),
    }
  }

  /**
   * The next CLEANER_DAYS days' cleanings of an opened link, each property's days counted from
   * its own today; nothing of the stays but their dates and ids.
   */
  async function scheduleOf({ link, properties }: OpenedLink): Promise<CleanerSchedule> {
    const now = clock()
    const todays = new Map(properties.map((property) => [property.id, todayIn(property.timeZone, now)]))
    const days = [...todays.values()].sort()
    const from = days[0] ?? todayIn('UTC', now)
    const to = addDays(days.at(-1) ?? from, CLEANER_DAYS - 1)
    const byId = new Map(properties.map((property) => [property.id, property]))
    const all =
      properties.length === 0
        ? []
        : await turnovers.list({ ownerId: link.owner_id, propertyIds: [...byId.keys()] }, from, to)
    const cleanings: CleanerCleaning[] = all
      .filter((cleaning) => {
        const today = todays.get(cleaning.propertyId)!
        return cleaning.date >= today && cleaning.date <= addDays(today, CLEANER_DAYS - 1)
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

    /** 404 when a property is not the caller's; 409 past the account's links. */
    async create(ownerId: string, body: CleanerLinkBody): Promise<CleanerLink> {
      const propertyIds = [...new Set(body.propertyIds)]
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
        const row: CleanerLinksTable = {
          id: randomUUID(),
          owner_id: ownerId,
          name: body.name,
          token: newExportToken(),
          email: body.email ?? null,
          email_confirmed_at: null,
          language: body.language ?? 'en',
          created_at: clock().toISOString(),
        }
        await trx.insertInto('cleaner_links').values(row).execute()
        await trx
          .insertInto('cleaner_link_properties')
          .values(propertyIds.map((propertyId) => ({ link_id: row.id, property_id: propertyId })))
          .execute()
        return row
      })
      return (await viewsOf([link]))[0]!
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
      const opened = await open(token)
      return opened && scheduleOf(opened)
    },

    /** A cleaner's feed and its ETag: null when no active link has the token of `file`. */
    async feed(file: string): Promise<ExportFeed | null> {
      const opened = await open(feedTokenOfFile(file))
      if (!opened) return null
      const text = cleanerFeedText(opened, await scheduleOf(opened))
      const etag = `"${createHash('sha256').update(text).digest('base64url').slice(0, 32)}"`
      return { body: await cachedBody(text), etag }
    },
  }
}

export type CleanerLinkService = ReturnType<typeof createCleanerLinkService>
