import { beforeAll, describe, expect, it } from 'vitest'
import type { ManagedUser } from '../../contract/admin.ts'
import { createUserService } from '../../server/user/service.ts'
import type { Property } from '../../contract/property.ts'
import { post } from './accounts.ts'
import { aUser, signIn, STRONG_PASSWORD } from './builders.ts'
import { aCalendarRow, aStay } from './bookingBuilders.ts'
import { describeEachDatabase, startSecondProcess, type TestContext } from './harness.ts'
import { aJpeg, aPng, aPropertyFields, propertyForm, sendPropertyForm, uploadedFiles } from './multipart.ts'

type LogPage = {
  items: { kind: string; actorId: string | null; subjectId: string | null; message: string; data: unknown }[]
  total: number
  page: number
  pageSize: number
}

const logOf = async (ctx: TestContext, cookie: string, query = '') =>
  (await ctx.app.inject({ url: `/api/admin/log/list${query}`, headers: { cookie } })).json<LogPage>()

describeEachDatabase('administration', (ctx) => {
  let admin = { id: '', email: '', cookie: '' }

  const as = (cookie: string) => ({
    get: (url: string) => ctx.app.inject({ url: `/api${url}`, headers: { cookie } }),
    patch: (url: string, payload: object) =>
      ctx.app.inject({ method: 'PATCH', url: `/api${url}`, payload, headers: { cookie } }),
    post: (url: string, payload?: object) => post(ctx.app, `/api${url}`, payload, { cookie }),
    delete: (url: string) => ctx.app.inject({ method: 'DELETE', url: `/api${url}`, headers: { cookie } }),
  })

  /** A signed-in host with one property carrying two photos and a booked calendar. */
  async function aHost() {
    const account = await aUser(ctx.db, { name: 'Host' })
    const cookie = await signIn(ctx.app, account.email)
    const created = await sendPropertyForm(
      ctx.app,
      'POST',
      '/api/property',
      propertyForm(aPropertyFields(), [await aJpeg(), await aPng()]),
      { cookie },
    )
    const property = created.json<Property>()
    const calendar = await aCalendarRow(ctx.db, property.id)
    await aStay(ctx.db, calendar, '2026-03-01', '2026-03-04', { guestName: 'Sara' })
    return { ...account, cookie, property }
  }

  beforeAll(async () => {
    const account = await aUser(ctx.db, { isAdmin: true, name: 'Chief' })
    admin = { id: account.id, email: account.email, cookie: await signIn(ctx.app, account.email) }
  })

  describe('users', () => {
    it('lists every user with the admin fields', async () => {
      const host = await aHost()
      const response = await as(admin.cookie).get('/admin/user/list')
      expect(response.statusCode).toBe(200)
      const users = response.json<ManagedUser[]>()
      expect(users.find((user) => user.id === host.id)).toEqual({
        id: host.id,
        name: 'Host',
        email: host.email,
        phone: null,
        residentalAddress: null,
        accountState: 'active',
        isAdmin: false,
        createdAt: expect.any(String),
        settings: { notifications: true },
      })
      expect(users.find((user) => user.id === admin.id)?.isAdmin).toBe(true)
    })

    it("edits another user's profile, e-mail included, and audits it", async () => {
      const host = await aHost()
      const email = `renamed-${host.email}`
      const response = await as(admin.cookie).patch(`/admin/user/${host.id}`, {
        name: 'Renamed',
        phone: '+966 50 000 0000',
        email,
        residentalAddress: 'Jeddah',
      })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toMatchObject({
        id: host.id,
        name: 'Renamed',
        phone: '+966 50 000 0000',
        email,
        residentalAddress: 'Jeddah',
      })
      await signIn(ctx.app, email)
      const [entry] = (await logOf(ctx, admin.cookie, '?kind=admin.user-updated')).items
      expect(entry).toMatchObject({ actorId: admin.id, subjectId: host.id })
      expect(entry?.data).toEqual({ fields: ['name', 'phone', 'email', 'residental_address'] })
    })

    it('refuses an e-mail address another account has, and an unknown user', async () => {
      const host = await aHost()
      const taken = await as(admin.cookie).patch(`/admin/user/${host.id}`, { email: (await aHost()).email })
      expect(taken.statusCode).toBe(409)
      const unknown = await as(admin.cookie).patch('/admin/user/no-such-user', { name: 'x' })
      expect(unknown.statusCode).toBe(404)
      const badPhone = await as(admin.cookie).patch(`/admin/user/${host.id}`, { phone: 'call me' })
      expect(badPhone.statusCode).toBe(400)
    })

    it("toggles another user's notifications", async () => {
      const host = await aHost()
      const off = await as(admin.cookie).post(`/admin/user/${host.id}/toggle-notifications`, {
        enabled: false,
      })
      expect(off.json()).toEqual({ enabled: false })
      const profile = await as(host.cookie).get('/user/profile')
      expect(profile.json()).toMatchObject({ settings: { notifications: false } })
      const listed = (await as(admin.cookie).get('/admin/user/list')).json<ManagedUser[]>()
      expect(listed.find((user) => user.id === host.id)?.settings).toEqual({ notifications: false })
      const [entry] = (await logOf(ctx, admin.cookie, '?kind=admin.notifications-toggled')).items
      expect(entry).toMatchObject({ actorId: admin.id, subjectId: host.id, data: { enabled: false } })
    })
  })

  describe('deactivation', () => {
    it('refuses a blank reason', async () => {
      const host = await aHost()
      for (const path of ['deactivate', 'delete']) {
        const response = await as(admin.cookie).post(`/admin/user/${host.id}/${path}`, { reason: '   ' })
        expect(response.statusCode).toBe(400)
        expect(response.json()).toEqual({
          message: 'A reason is required',
          fields: { reason: 'A reason is required' },
        })
      }
      const missing = await as(admin.cookie).post(`/admin/user/${host.id}/deactivate`, {})
      expect(missing.statusCode).toBe(400)
      expect(missing.json()).toEqual({
        message: 'Give a reason, in at most 1,000 characters.',
        fields: { reason: 'Give a reason, in at most 1,000 characters.' },
      })
    })

    it('ends the sessions, keeps the reason and refuses the next sign-in', async () => {
      const host = await aHost()
      const response = await as(admin.cookie).post(`/admin/user/${host.id}/deactivate`, {
        reason: '  Fraudulent listings  ',
      })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toMatchObject({ id: host.id, accountState: 'deactivated' })

      expect((await as(host.cookie).get('/user/profile')).statusCode).toBe(401)
      const sessions = await ctx.db
        .selectFrom('sessions')
        .select('user_id')
        .where('user_id', '=', host.id)
        .execute()
      expect(sessions).toEqual([])
      const signInAgain = await post(ctx.app, '/api/auth/login', {
        email: host.email,
        password: STRONG_PASSWORD,
      })
      expect(signInAgain.statusCode).toBe(403)

      const [entry] = (await logOf(ctx, admin.cookie, '?kind=admin.user-deactivated')).items
      expect(entry).toMatchObject({
        actorId: admin.id,
        subjectId: host.id,
        data: { reason: 'Fraudulent listings', email: host.email },
      })
      expect(entry?.message).toContain('Fraudulent listings')
    })

    it('refuses to deactivate or delete oneself', async () => {
      for (const path of ['deactivate', 'delete']) {
        const response = await as(admin.cookie).post(`/admin/user/${admin.id}/${path}`, { reason: 'Leaving' })
        expect(response.statusCode).toBe(400)
        expect(response.json()).toEqual({ message: 'You cannot deactivate or delete your own account here' })
      }
      expect((await as(admin.cookie).get('/user/profile')).statusCode).toBe(200)
    })

    it('answers 404 for an unknown user', async () => {
      const response = await as(admin.cookie).post('/admin/user/no-such-user/deactivate', { reason: 'x' })
      expect(response.statusCode).toBe(404)
    })
  })

  describe('deletion', () => {
    it("removes the account, its properties, bookings and the photos' files", async () => {
      const host = await aHost()
      const filesBefore = uploadedFiles(ctx.config.dataDir)
      const photoFiles = host.property.images.flatMap((image) => [image.url, image.thumbnailUrl])
      expect(photoFiles.every((url) => filesBefore.includes(url.split('/').pop() ?? ''))).toBe(true)

      const response = await as(admin.cookie).post(`/admin/user/${host.id}/delete`, {
        reason: 'Asked to leave',
      })
      expect(response.statusCode).toBe(204)

      const filesAfter = uploadedFiles(ctx.config.dataDir)
      for (const url of photoFiles) expect(filesAfter).not.toContain(url.split('/').pop())
      for (const table of ['properties', 'property_images', 'external_calendars', 'bookings'] as const) {
        const column = table === 'properties' ? 'id' : 'property_id'
        const rows = await ctx.db
          .selectFrom(table)
          .select(column)
          .where(column, '=', host.property.id)
          .execute()
        expect(rows, table).toEqual([])
      }
      expect(await ctx.db.selectFrom('users').select('id').where('id', '=', host.id).execute()).toEqual([])
      expect((await as(host.cookie).get('/user/profile')).statusCode).toBe(401)

      const [entry] = (await logOf(ctx, admin.cookie, '?kind=admin.user-deleted')).items
      expect(entry).toMatchObject({
        actorId: admin.id,
        subjectId: host.id,
        data: { reason: 'Asked to leave' },
      })
    })
  })

  describe("another user's properties", () => {
    it('adds, edits, lists and deletes a property for its owner, auditing each change', async () => {
      const host = await aHost()
      const admin$ = as(admin.cookie)
      const created = await sendPropertyForm(
        ctx.app,
        'POST',
        `/api/admin/user/${host.id}/property`,
        propertyForm(aPropertyFields({ name: 'Added by admin' }), [await aJpeg()]),
        { cookie: admin.cookie },
      )
      expect(created.statusCode).toBe(201)
      const property = created.json<Property>()

      const ownList = await as(host.cookie).get('/property/list')
      expect(ownList.json<Property[]>().map((p) => p.name)).toContain('Added by admin')
      const adminList = await admin$.get(`/admin/user/${host.id}/property/list`)
      expect(
        adminList
          .json<Property[]>()
          .map((p) => p.id)
          .sort(),
      ).toEqual([host.property.id, property.id].sort())

      const edited = await sendPropertyForm(
        ctx.app,
        'PATCH',
        `/api/admin/property/${property.id}`,
        propertyForm(aPropertyFields({ name: 'Edited by admin' })),
        { cookie: admin.cookie },
      )
      expect(edited.json()).toMatchObject({ id: property.id, name: 'Edited by admin' })
      expect((await as(host.cookie).get(`/property/${property.id}`)).json()).toMatchObject({
        name: 'Edited by admin',
      })

      const images = await admin$.get(`/admin/property/${property.id}/image/list`)
      expect(images.json()).toEqual(property.images)
      const file = property.images[0]?.url.split('/').pop()
      expect(
        (await admin$.delete(`/admin/property/${property.id}/image/${property.images[0]?.id}`)).statusCode,
      ).toBe(204)
      expect(uploadedFiles(ctx.config.dataDir)).not.toContain(file)

      const linked = await admin$.post(`/admin/property/${property.id}/calendar/external`, {
        platformName: 'Airbnb',
        urlPath: 'http://127.0.0.1:9/airbnb.ics',
      })
      expect(linked.json()).toMatchObject({
        platformName: 'Airbnb',
        urlPath: 'http://127.0.0.1:9/airbnb.ics',
      })
      const calendars = await admin$.get(`/admin/property/${property.id}/calendar/external`)
      expect(calendars.json()).toEqual([expect.objectContaining({ platformName: 'Airbnb' })])
      const internal = await admin$.get(`/admin/property/${property.id}/calendar/internal`)
      expect(internal.json()).toEqual(
        (await as(host.cookie).get(`/property/${property.id}/calendar/internal`)).json(),
      )

      expect((await admin$.delete(`/admin/property/${property.id}`)).statusCode).toBe(204)
      expect((await as(host.cookie).get(`/property/${property.id}`)).statusCode).toBe(404)

      const entries = (await logOf(ctx, admin.cookie, '?kind=admin.property-changed')).items.filter(
        (entry) => entry.subjectId === property.id,
      )
      expect(entries.map((entry) => (entry.data as { action: string }).action)).toEqual([
        'deleted',
        'calendar-linked',
        'photo-removed',
        'updated',
        'created',
      ])
      expect(entries.every((entry) => entry.actorId === admin.id)).toBe(true)
    })

    it("answers a property's statistics for a period like its owner gets them", async () => {
      const host = await aHost()
      const query = `start=2026-03-01&end=2026-03-10`
      const adminView = await as(admin.cookie).get(
        `/admin/property/${host.property.id}/statistics/period?${query}`,
      )
      const ownerView = await as(host.cookie).get(`/property/${host.property.id}/statistics/period?${query}`)
      expect(adminView.statusCode).toBe(200)
      // Sara's 3 nights at 350 of 10.
      expect(adminView.json()).toEqual({
        revenue: 1050,
        occupancyRate: 30,
        bookedNights: 3,
        bookings: 1,
        averageNightlyRate: 350,
      })
      expect(adminView.json()).toEqual(ownerView.json())
      const reversed = await as(admin.cookie).get(
        `/admin/property/${host.property.id}/statistics/period?start=2026-03-10&end=2026-03-01`,
      )
      expect(reversed.statusCode).toBe(400)
    })

    it('answers 404 for an unknown property or owner', async () => {
      const admin$ = as(admin.cookie)
      for (const url of [
        '/admin/property/no-such-property/image/list',
        '/admin/property/no-such-property/calendar/external',
        '/admin/property/no-such-property/calendar/internal',
        '/admin/property/no-such-property/statistics/period',
        '/admin/user/no-such-user/property/list',
      ])
        expect((await admin$.get(url)).statusCode, url).toBe(404)
      expect((await admin$.delete('/admin/property/no-such-property')).statusCode).toBe(404)
      const create = await sendPropertyForm(
        ctx.app,
        'POST',
        '/api/admin/user/no-such-user/property',
        propertyForm(aPropertyFields(), [await aJpeg()]),
        { cookie: admin.cookie },
      )
      expect(create.statusCode).toBe(404)
    })
  })

  describe('audit log', () => {
    it('pages newest first and filters by kind', async () => {
      const host = await aHost()
      for (const enabled of [false, true, false])
        await as(admin.cookie).post(`/admin/user/${host.id}/toggle-notifications`, { enabled })
      const firstPage = await logOf(ctx, admin.cookie, '?kind=admin.notifications-toggled&page=1&pageSize=2')
      expect(firstPage.page).toBe(1)
      expect(firstPage.pageSize).toBe(2)
      expect(firstPage.items).toHaveLength(2)
      expect(firstPage.total).toBeGreaterThanOrEqual(3)
      expect(firstPage.items.map((entry) => entry.data)).toEqual([{ enabled: false }, { enabled: true }])
      expect(firstPage.items.every((entry) => entry.kind === 'admin.notifications-toggled')).toBe(true)
      expect(firstPage.items[0]?.message).toBe(`${admin.email} turned notifications off for ${host.email}`)

      const everything = await logOf(ctx, admin.cookie, '?pageSize=100')
      const times = everything.items.map((entry) => (entry as unknown as { createdAt: string }).createdAt)
      expect(times).toEqual([...times].sort().reverse())
      expect(everything.items.some((entry) => entry.kind === 'auth.sign-in')).toBe(true)
    })

    it("reads every entry in the admin's language, and an entry from before templates as kept", async () => {
      const host = await aHost()
      await as(admin.cookie).patch(`/admin/user/${host.id}`, {
        name: 'Renamed',
        phone: '+966500000001',
      })
      await ctx.db
        .insertInto('audit_log')
        .values({
          id: 'zz-older-entry',
          kind: 'auth.sign-in',
          actor_id: null,
          subject_id: null,
          message: 'kept as written',
          message_template: null,
          data: null,
          ip: null,
          created_at: '2000-01-01T00:00:00.000Z',
        })
        .execute()
      const read = async (language: 'en' | 'ar', kind: string) => {
        const response = await ctx.app.inject({
          url: `/api/admin/log/list?kind=${kind}&pageSize=100`,
          headers: { cookie: admin.cookie, 'accept-language': language },
        })
        return response.json<LogPage>().items.map((entry) => entry.message)
      }
      expect((await read('en', 'admin.user-updated'))[0]).toBe(
        `${admin.email} updated the name and the phone of ${host.email}`,
      )
      // Values are bidi isolates in Arabic, so that an address keeps its punctuation in place.
      const isolate = (value: string) => `\u2068${value}\u2069`
      expect((await read('ar', 'admin.user-updated'))[0]).toBe(
        `عدّل ${isolate(admin.email)} الاسم والهاتف للمستخدم ${isolate(host.email)}`,
      )
      const signIns = await read('ar', 'auth.sign-in')
      expect(signIns).toContain(`سجّل ${isolate(admin.email)} الدخول`)
      expect(signIns.at(-1)).toBe('kept as written')
    })

    it('answers an empty page past the end and refuses bad paging', async () => {
      const past = await logOf(ctx, admin.cookie, '?page=100000&pageSize=100')
      expect(past.items).toEqual([])
      for (const query of ['?page=0', '?pageSize=101', '?pageSize=two']) {
        const response = await ctx.app.inject({
          url: `/api/admin/log/list${query}`,
          headers: { cookie: admin.cookie },
        })
        expect(response.statusCode, query).toBe(400)
      }
    })
  })
})

describeEachDatabase('the last active admin', (ctx) => {
  it('survives two admins deactivating each other at the same moment', async () => {
    const first = await aUser(ctx.db, { isAdmin: true })
    const second = await aUser(ctx.db, { isAdmin: true })
    const [firstCookie, secondCookie] = [
      await signIn(ctx.app, first.email),
      await signIn(ctx.app, second.email),
    ]
    const responses = await Promise.all([
      post(ctx.app, `/api/admin/user/${second.id}/deactivate`, { reason: 'Coup' }, { cookie: firstCookie }),
      post(
        ctx.app,
        `/api/admin/user/${first.id}/deactivate`,
        { reason: 'Counter-coup' },
        { cookie: secondCookie },
      ),
    ])
    // One wins; the other is refused as the last admin (409) or finds its session gone (401).
    const statuses = responses.map((response) => response.statusCode).sort()
    expect([
      [200, 401],
      [200, 409],
    ]).toContainEqual(statuses)
    const active = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('is_admin', '=', 1)
      .where('account_state', '=', 'active')
      .execute()
    expect(active).toHaveLength(1)
  })

  it('refuses to deactivate or delete the only active admin', async () => {
    // Only reachable through a stale actor (one deactivated since its request began).
    const stale = await aUser(ctx.db, { isAdmin: true })
    await ctx.db
      .updateTable('users')
      .set({ account_state: 'deactivated' })
      .where('id', '=', stale.id)
      .execute()
    const actor = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', stale.id)
      .executeTakeFirstOrThrow()
    const [onlyAdmin] = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('is_admin', '=', 1)
      .where('account_state', '=', 'active')
      .execute()
    if (!onlyAdmin) throw new Error('the previous test leaves one active admin')
    await expect(ctx.app.admin.deactivateUser(actor, onlyAdmin.id, 'reason')).rejects.toMatchObject({
      statusCode: 409,
      messageKey: 'errors.admin.lastAdmin',
    })
    await expect(ctx.app.admin.deleteUser(actor, onlyAdmin.id, 'reason')).rejects.toMatchObject({
      statusCode: 409,
    })
    const still = await ctx.db
      .selectFrom('users')
      .select('account_state')
      .where('id', '=', onlyAdmin.id)
      .executeTakeFirst()
    expect(still).toEqual({ account_state: 'active' })
  })
})

describeEachDatabase('the last-admin rule across processes', (ctx) => {
  it('keeps an active admin when one deletes their own account while deactivating the other', async () => {
    const [leaving, staying] = [
      await aUser(ctx.db, { isAdmin: true }),
      await aUser(ctx.db, { isAdmin: true }),
    ]
    const leavingUser = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', leaving.id)
      .executeTakeFirstOrThrow()
    const second = await startSecondProcess(ctx)
    try {
      // The deactivation runs, in the other process, once the self-delete has decided and before
      // the account is gone: while its properties are being removed.
      let enterGap = () => {}
      const inGap = new Promise<void>((resolve) => (enterGap = resolve))
      const deactivation = inGap.then(() =>
        second.admin.deactivateUser(leavingUser, staying.id, 'Handing over'),
      )
      const slowUsers = createUserService({
        database: ctx.app.database,
        mailer: ctx.app.mailer,
        publicUrl: ctx.config.publicUrl,
        properties: {
          removeAll: async (ownerId) => {
            enterGap()
            await deactivation.catch(() => {})
            await ctx.app.properties.removeAll(ownerId)
          },
        },
      })
      const outcomes = await Promise.allSettled([
        slowUsers.deleteAccount(leavingUser).finally(enterGap),
        deactivation,
      ])
      const admins = await ctx.db
        .selectFrom('users')
        .select(['id', 'account_state'])
        .where('id', 'in', [leaving.id, staying.id])
        .execute()
      expect(admins).toEqual([{ id: staying.id, account_state: 'active' }])
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected'])
      expect(outcomes[1]).toMatchObject({ reason: { statusCode: 409, messageKey: 'errors.admin.lastAdmin' } })
    } finally {
      await second.close()
    }
  })
})
