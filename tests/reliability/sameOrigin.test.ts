import { beforeAll, expect, it } from 'vitest'
import { aUser, signIn, STRONG_PASSWORD } from '../server/builders.ts'
import { originOf } from '../server/eventStream.ts'
import { describeEachDatabase } from '../server/harness.ts'
import { aJpeg, aPropertyFields, propertyForm } from '../server/multipart.ts'

/**
 * SameSite=Lax sends the session cookie from every origin of the same site (a
 * page on localhost:39206, a sibling subdomain), so a write must also come from our own origin,
 * as the browser tells it in `Origin` or `Sec-Fetch-Site`. Calls that carry neither (curl, other
 * servers, these tests elsewhere) are no browser's and pass.
 */

const PUBLIC_URL = 'http://localhost:3000'
const SAME_SITE_PAGE = 'http://localhost:39206'

describeEachDatabase(
  'writes from another origin',
  (ctx) => {
    let cookie = ''
    let ownerId = ''
    beforeAll(async () => {
      const user = await aUser(ctx.db)
      ownerId = user.id
      cookie = await signIn(ctx.app, user.email)
      await ctx.app.listen({ port: 0, host: '127.0.0.1' })
    })
    const propertiesOfOwner = async () =>
      (await ctx.db.selectFrom('properties').select('id').where('owner_id', '=', ownerId).execute()).length
    /** The auto-submitted multipart form of the review, with the headers its browser sends. */
    const createProperty = async (headers: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/property',
        payload: propertyForm(aPropertyFields(), [await aJpeg()]),
        headers: { cookie, ...headers },
      })

    it('refuses a signed-in write from another origin of the same site (403, translated), and does nothing', async () => {
      const before = await propertiesOfOwner()
      const refused = await createProperty({ origin: SAME_SITE_PAGE, 'sec-fetch-site': 'same-site' })
      expect(refused.statusCode).toBe(403)
      expect(refused.json()).toEqual({ message: 'This request came from another website and was refused' })
      const arabic = await createProperty({ origin: SAME_SITE_PAGE, 'accept-language': 'ar' })
      expect(arabic.statusCode).toBe(403)
      expect(arabic.json()).toEqual({ message: 'جاء هذا الطلب من موقع آخر فتم رفضه' })
      expect(await propertiesOfOwner()).toBe(before)
    })

    it('refuses a write whose browser says it came from elsewhere, without an Origin', async () => {
      for (const site of ['same-site', 'cross-site', 'none']) {
        const refused = await createProperty({ 'sec-fetch-site': site })
        expect(refused.statusCode, site).toBe(403)
      }
      for (const method of ['PATCH', 'DELETE', 'PUT'] as const) {
        const refused = await ctx.app.inject({
          method,
          url: '/api/user/profile',
          payload: { name: 'Renamed' },
          headers: { cookie, origin: 'https://evil.example' },
        })
        expect(refused.statusCode, method).toBe(403)
      }
      // Signed out too: a foreign page cannot sign the browser in to another account.
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'someone@example.com', password: STRONG_PASSWORD },
        headers: { origin: 'null' },
      })
      expect(login.statusCode).toBe(403)
    })

    it('accepts writes from our own origin, and calls that name none', async () => {
      const fromApp = await createProperty({ origin: PUBLIC_URL, 'sec-fetch-site': 'same-origin' })
      expect(fromApp.statusCode, fromApp.body).toBe(201)
      const onlyFetchSite = await createProperty({ 'sec-fetch-site': 'same-origin' })
      expect(onlyFetchSite.statusCode, onlyFetchSite.body).toBe(201)
      const noHeaders = await createProperty({})
      expect(noHeaders.statusCode, noHeaders.body).toBe(201)
      // `npm start` opened at the address it listens on rather than PUBLIC_URL's name.
      const byAddress = await fetch(`${originOf(ctx.app)}/api/user/profile`, {
        method: 'PATCH',
        headers: { cookie, origin: originOf(ctx.app), 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Sara' }),
      })
      expect(byAddress.status).toBe(200)
    })

    it('leaves reads alone, from anywhere', async () => {
      const read = await ctx.app.inject({
        url: '/api/property/list',
        headers: { cookie, origin: SAME_SITE_PAGE, 'sec-fetch-site': 'cross-site' },
      })
      expect(read.statusCode).toBe(200)
    })
  },
  { env: { PUBLIC_URL } },
)
