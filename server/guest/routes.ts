import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { currentUser } from '../auth/session.ts'
import { optionalPageQuery, pageOf, pageOfList, requestedPage } from '../web/paging.ts'
import { Guest, GUEST_PAGE_SIZE } from './schemas.ts'
import { findGuests, listGuests } from './service.ts'

export const guestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/guest/list',
    {
      schema: {
        querystring: optionalPageQuery,
        response: { 200: z.union([z.array(Guest), pageOf(Guest)]) },
      },
    },
    async (request) => {
      const guests = await listGuests(app.db, currentUser(request))
      const page = requestedPage(request.query, GUEST_PAGE_SIZE)
      return page ? pageOfList(findGuests(guests, page.search), page) : guests
    },
  )
}
