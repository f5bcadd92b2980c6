import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { contract } from '../../contract/index.ts'
import { TURNOVER_RANGE_MAX_DAYS, type TurnoverQuery } from '../../contract/turnover.ts'
import { rangeProblem } from '../../src/domain/dateRange.ts'
import { isDateOnly } from '../../src/domain/dates.ts'
import { currentUser } from '../auth/session.ts'
import { sendFeed } from '../calendar/routes.ts'
import { fieldError, notFound, rangeError } from '../errors.ts'
import { accessTo } from '../team/access.ts'

/** The window's check-out days, both included: real dates, in order, at most 92 days. */
function windowOf(query: TurnoverQuery) {
  for (const field of ['start', 'end'] as const)
    if (!isDateOnly(query[field])) throw fieldError(field, `errors.statistics.${field}Date`)
  const problem = rangeProblem(query, TURNOVER_RANGE_MAX_DAYS)
  // The statistics' words for dates and their order, with the window's own bound.
  if (problem !== null) throw rangeError(problem, TURNOVER_RANGE_MAX_DAYS)
  return query
}

/**
 * The cleanings (docs/product.md §7.11, §7.13) of the properties the caller owns, co-hosts or
 * cleans, all or one (404 for any other).
 */
export const turnoverRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contract.turnover.list,
    handler: async (request) => {
      const { start, end } = windowOf(request.query)
      const ownerId = currentUser(request).id
      const { propertyId } = request.query
      // A property the caller neither owns nor is on the team of, or none: a 404, as every
      // property route says.
      if (propertyId !== undefined && (await accessTo(app.db, ownerId, propertyId)) === null) throw notFound()
      const scope = propertyId === undefined ? { ownerId } : { ownerId, propertyIds: [propertyId] }
      return app.turnovers.list(scope, start, end)
    },
  })

  // The properties of those cleanings, with the reader's part in each (docs/product.md §7.11).
  app.route({
    ...contract.turnover.properties,
    handler: async (request) => app.turnovers.properties(currentUser(request).id),
  })

  // The host's cleaner links (docs/product.md §7.11): their own only, 404 for another's.
  app.route({
    ...contract.turnover.links,
    handler: async (request) => app.cleanerLinks.list(currentUser(request).id),
  })
  app.route({
    ...contract.turnover.createLink,
    handler: async (request, reply) =>
      reply.code(201).send(await app.cleanerLinks.create(currentUser(request).id, request.body)),
  })
  app.route({
    ...contract.turnover.rotateLink,
    handler: async (request) => app.cleanerLinks.rotate(currentUser(request).id, request.params.id),
  })
  app.route({
    ...contract.turnover.removeLink,
    handler: async (request, reply) => {
      await app.cleanerLinks.remove(currentUser(request).id, request.params.id)
      return reply.code(204).send()
    },
  })

  // A cleaner's page and feed: the token is the only key; a revoked or rotated one is a 404.
  app.route({
    ...contract.turnover.cleanerSchedule,
    handler: async (request, reply) => {
      const schedule = await app.cleanerLinks.schedule(request.params.token)
      if (schedule === null) throw notFound()
      return reply.header('cache-control', 'private, no-store').send(schedule)
    },
  })
  app.route({
    ...contract.turnover.confirmEmail,
    handler: async (request) => {
      const confirmed = await app.cleanerLinks.confirmEmail(request.params.token)
      if (confirmed === null) throw notFound()
      return confirmed
    },
  })
  app.route({
    ...contract.turnover.cleanerFeed,
    handler: async (request, reply) => {
      const feed = await app.cleanerLinks.feed(request.params.file)
      if (feed === null) throw notFound()
      return sendFeed(request, reply, feed)
    },
  })
}
