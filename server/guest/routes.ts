import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { contract } from '../../contract/index.ts'
import { currentUser } from '../auth/session.ts'
import { GUEST_PAGE_SIZE } from '../../contract/guest.ts'
import { pageOfList, requestedPage } from '../web/paging.ts'

export const guestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contract.guest.list,
    handler: async (request) => {
      const viewer = currentUser(request)
      const page = requestedPage(request.query, GUEST_PAGE_SIZE)
      return page ? pageOfList(await app.guests.find(viewer, page.search), page) : app.guests.list(viewer)
    },
  })
}
