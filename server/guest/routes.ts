import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { contract } from '../../contract/index.ts'
import { currentUser } from '../auth/session.ts'
import { GUEST_PAGE_SIZE } from '../../contract/guest.ts'
import { pageOfList, requestedPage } from '../web/paging.ts'
import { createGuestList, findGuests } from './service.ts'

export const guestRoutes: FastifyPluginAsyncZod = async (app) => {
  const listGuests = createGuestList(app.db)
  app.route({
    ...contract.guest.list,
    handler: async (request) => {
      const guests = await listGuests(currentUser(request))
      const page = requestedPage(request.query, GUEST_PAGE_SIZE)
      return page ? pageOfList(findGuests(guests, page.search), page) : guests
    },
  })
}
