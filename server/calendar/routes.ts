import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { contract } from '../../contract/index.ts'
import { badRequest, fieldError, notFound } from '../errors.ts'
import { sendBody } from '../db/stampedCache.ts'
import { currentUser } from '../auth/session.ts'
import { readerOf } from '../team/access.ts'
import { isDateOnly } from '../../src/domain/dates.ts'
import { feedTokenOfFile, type ExportFeed, type KnownFeed } from './feeds.ts'
import { cursorOf } from './stayLists.ts'
import { MAX_LINKED_STAYS, STAY_ID } from '../../src/domain/stayLink.ts'

const CALENDAR_TYPE = 'text/calendar; charset=utf-8'

/** Whether the client's copy of the feed is this one. */
const isCurrent = (request: FastifyRequest, feed: Pick<ExportFeed, 'etag'>) =>
  request.headers['if-none-match'] === feed.etag

/** Answers a feed with its ETag and headers, or 304 (with them too) when the client's copy is this one. */
export function sendFeed(
  request: FastifyRequest,
  reply: FastifyReply,
  feed: KnownFeed & Partial<ExportFeed>,
) {
  reply.headers({ ...feed.headers, etag: feed.etag, 'cache-control': 'private, no-cache' })
  if (isCurrent(request, feed) || !feed.body) return reply.code(304).send()
  return sendBody(request, reply, feed.body, CALENDAR_TYPE)
}

export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * `/api/calendar/{token}.ics`, readable without a session so that platforms can
   * import it; the token is the only key. An ETag lets pollers skip an unchanged feed.
   */
  app.route({
    ...contract.calendar.exportFeed,
    handler: async (request, reply) => {
      const feed = await app.calendars.exportFeed(feedTokenOfFile(request.params.file))
      if (feed === null) throw notFound()
      app.calendars.noteFetch(feed, {
        notModified: isCurrent(request, feed),
        userAgent: request.headers['user-agent'],
      })
      return sendFeed(request, reply, feed)
    },
  })

  /**
   * The calendar screens' feed: every property of the signed-in user in one text, each event
   * naming its property, the stays that end after `from` (docs/decisions.md, "A portfolio's
   * calendar in one feed"). Only the properties one owns or co-hosts, for admins too.
   */
  app.route({
    ...contract.calendar.ownerFeed,
    handler: async (request, reply) => {
      const { from, to, stay, property = null } = request.query
      if (stay !== undefined) {
        const ids = [...new Set(stay.split(','))]
        if (ids.length > MAX_LINKED_STAYS || !ids.every((id) => STAY_ID.test(id)))
          throw badRequest('errors.badUrl')
        return sendFeed(request, reply, await app.calendars.ownerStaysById(currentUser(request).id, ids))
      }
      if (from !== undefined && !isDateOnly(from)) throw fieldError('from', 'errors.calendar.fromDate')
      if (to !== undefined && (!isDateOnly(to) || (from !== undefined && to <= from)))
        throw fieldError('to', 'errors.calendar.toDate')
      const window = { from: from ?? null, to: to ?? null, property }
      const reader = await readerOf(app.db, currentUser(request))
      // One property's: its owner's and co-hosts' only, as every property route answers.
      if (property !== null && !(await app.calendars.manages(reader, property))) throw notFound()
      const known = app.calendars.ownerFeedEtag(reader, window)
      if (known !== undefined && request.headers['if-none-match'] === known)
        return sendFeed(request, reply, { etag: known })
      return sendFeed(request, reply, await app.calendars.ownerFeed(reader, window))
    },
  })

  /**
   * A page of the calendar screens' current or upcoming stays, in the owner's feed's format, with
   * the whole list's count (`X-Total-Count`) and the next page's address (`Link`, rel="next")
   * while more follow (docs/decisions.md, "A portfolio's calendar in one feed"). A property the
   * reader does not manage is a 404, as every property route says.
   */
  app.route({
    ...contract.calendar.ownerStays,
    handler: async (request, reply) => {
      const { after: cursor, ...rest } = request.query
      const after = cursor === undefined ? undefined : cursorOf(cursor)
      if (after === null) throw badRequest('errors.badUrl')
      const query = { ...rest, ...(after ? { after } : {}) }
      const reader = await readerOf(app.db, currentUser(request))
      const known = await app.calendars.stayPageKnown(reader, query)
      if (known === null) throw notFound()
      if (known !== undefined && isCurrent(request, known)) return sendFeed(request, reply, known)
      const page = await app.calendars.stayPage(reader, query)
      if (page === null) throw notFound()
      return sendFeed(request, reply, page)
    },
  })
}
