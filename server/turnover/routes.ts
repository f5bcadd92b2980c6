import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { contract } from '../../contract/index.ts'
import { TURNOVER_RANGE_MAX_DAYS, type TurnoverQuery } from '../../contract/turnover.ts'
import { rangeProblem, type RangeProblem } from '../../src/domain/dateRange.ts'
import { isDateOnly } from '../../src/domain/dates.ts'
import { currentUser } from '../auth/session.ts'
import { fieldError } from '../errors.ts'

// The statistics' words for dates and their order; the window's own bound.
const PROBLEM_KEYS: Record<RangeProblem, string> = {
  endBeforeStart: 'errors.statistics.endBeforeStart',
  tooLong: 'errors.turnover.rangeTooLong',
}

/** The window's check-out days, both included: real dates, in order, at most 92 days. */
function windowOf(query: TurnoverQuery) {
  for (const field of ['start', 'end'] as const)
    if (!isDateOnly(query[field])) throw fieldError(field, `errors.statistics.${field}Date`)
  const problem = rangeProblem(query, TURNOVER_RANGE_MAX_DAYS)
  if (problem !== null) throw fieldError('end', PROBLEM_KEYS[problem])
  return query
}

/** The host's cleanings (docs/product.md §7.11): their own properties, all or one (404 unless theirs). */
export const turnoverRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contract.turnover.list,
    handler: async (request) => {
      const { start, end } = windowOf(request.query)
      const ownerId = currentUser(request).id
      const { propertyId } = request.query
      // Another's property, or none: a 404, as every property route says.
      if (propertyId !== undefined) await app.properties.get(ownerId, propertyId)
      return app.turnovers.list({ ownerId, propertyId }, start, end)
    },
  })
}
