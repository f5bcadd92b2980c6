import ICAL from 'ical.js'
import { randomUUID } from 'node:crypto'
import { calendarOf, type FeedServer, type StayEvent } from '../fixtures/feedServer.ts'
import { aCalendarRow, aPropertyRow, aUser, signIn } from './builders.ts'
import type { TestContext } from './harness.ts'
import { isImportAlarm } from '../../src/domain/noticeKinds.ts'

export type Internal = { url: string; platforms: { platformName: string; url: string }[] }

/** Each VEVENT of a feed as its properties by upper-case name. */
export function veventsOf(text: string): Record<string, string>[] {
  return new ICAL.Component(ICAL.parse(text))
    .getAllSubcomponents('vevent')
    .map((vevent) =>
      Object.fromEntries(
        vevent
          .getAllProperties()
          .map((property) => [property.name.toUpperCase(), String(property.getFirstValue())]),
      ),
    )
}

export const datesOf = (events: Record<string, string>[]) =>
  events.map((event) => `${event.DTSTART} → ${event.DTEND}`)

/**
 * One host with one property (100 a night) and the platform feeds they link, served by `feeds`:
 * a fixture's name, or the stays to serve.
 */
export async function aHost(
  ctx: TestContext,
  feeds: FeedServer,
  links: Record<string, string | StayEvent[]>,
) {
  const owner = await aUser(ctx.db)
  const cookie = await signIn(ctx.app, owner.email)
  const property = await aPropertyRow(ctx.db, owner.id, { name: 'Villa Rawdah', costPerNight: 100 })
  const routes: Record<string, string> = {}
  const calendars: Record<string, string> = {}
  for (const [platform, feed] of Object.entries(links)) {
    const route = `/${randomUUID()}.ics`
    if (typeof feed === 'string') feeds.serveFixture(route, feed)
    else feeds.serve(route, calendarOf(feed))
    routes[platform] = route
    calendars[platform] = await aCalendarRow(ctx.db, property.id, feeds.url(route), platform)
  }
  const noticesOf = async (userId: string) =>
    (
      await ctx.db
        .selectFrom('notifications')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .orderBy('id')
        .execute()
    ).map((row) => ({
      id: row.id,
      readAt: row.read_at,
      kind: row.kind,
      title: row.title,
      data: JSON.parse(row.data),
      createdAt: row.created_at,
    }))
  const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) })
  const internal = async () =>
    (await inject('GET', `/api/property/${property.id}/calendar/internal`)).json() as Internal
  /** A feed's text, fetched as a calendar program (or a platform) does: no session. */
  const feedText = async (url: string) => (await ctx.app.inject({ url: new URL(url).pathname })).body
  const platformFeedUrl = async (platform: string) =>
    (await internal()).platforms.find((feed) => feed.platformName === platform)!.url
  return {
    owner,
    cookie,
    property,
    routes,
    calendars,
    inject,
    internal,
    feedText,
    sync: (...platforms: string[]) =>
      ctx.app.syncCalendarsNow(platforms.map((platform) => calendars[platform]!)),
    /** The private full feed, as the calendar screen reads it. */
    privateFeed: async () => veventsOf(await feedText((await internal()).url)),
    privateFeedText: async () => feedText((await internal()).url),
    platformFeedUrl,
    /** What the platform is given to import (and, by fetching it, is recorded as served to it). */
    platformFeed: async (platform: string) => veventsOf(await feedText(await platformFeedUrl(platform))),
    stays: () =>
      ctx.db
        .selectFrom('bookings')
        .selectAll()
        .where('property_id', '=', property.id)
        .orderBy('start_date')
        .execute(),
    /** The news of the stays, oldest first. */
    notices: async () => (await noticesOf(owner.id)).filter((notice) => !isImportAlarm(notice.kind)),
    /** The alarms about the platforms' imports, oldest first. */
    alarms: async () => (await noticesOf(owner.id)).filter((notice) => isImportAlarm(notice.kind)),
    period: async (start: string, end: string) =>
      (
        await inject('GET', `/api/property/${property.id}/statistics/period?start=${start}&end=${end}`)
      ).json(),
  }
}

export type Host = Awaited<ReturnType<typeof aHost>>
