import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Property } from '../../contract/property.ts'
import type { Profile } from '../../contract/user.ts'
import type { TeamRole } from '../../contract/team.ts'
import type { CleanerLink, Turnover, TurnoverProperty } from '../../contract/turnover.ts'
import { aCalendarRow, aStay } from './bookingBuilders.ts'
import { aTeamMember, aUser, signIn } from './builders.ts'
import { describeEachDatabase } from './harness.ts'
import { aJpeg, aProperty, propertyForm, aPropertyFields } from './multipart.ts'

type Account = { id: string; email: string; cookie: string }

/**
 * docs/product.md §6: what a co-host and a cleaner of host A's property may read and change, next
 * to a stranger; the owner-only routes; quotas counted against the owner.
 */
describeEachDatabase('a property’s team opens it to its members', (ctx) => {
  let owner: Account
  let cohost: Account
  let cleaner: Account
  let invited: Account
  let stranger: Account
  let shared: Property
  /** The co-host's membership of `shared`: what its `sharedBy` names, and leaving removes. */
  let cohostMembership: string
  /** Host A's other property, shared with nobody. */
  let own: Property

  async function anAccount(name?: string): Promise<Account> {
    const { id, email } = await aUser(ctx.db, { name })
    return { id, email, cookie: await signIn(ctx.app, email) }
  }

  const aMember = (propertyId: string, user: Account, role: TeamRole, status?: 'invited') =>
    aTeamMember(ctx.db, { propertyId, user, role, invitedBy: owner.id }, status)

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who: Account, payload?: object) =>
    ctx.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) })

  beforeAll(async () => {
    owner = await anAccount('Nora Al-Saud')
    cohost = await anAccount()
    cleaner = await anAccount()
    invited = await anAccount()
    stranger = await anAccount()
    shared = await aProperty(ctx.app, owner.cookie, { name: 'Palm Loft' }, [await aJpeg()])
    own = await aProperty(ctx.app, owner.cookie, { name: 'Private Villa' })
    cohostMembership = await aMember(shared.id, cohost, 'cohost')
    await aMember(shared.id, cleaner, 'cleaner')
    await aMember(shared.id, invited, 'cohost', 'invited')
  })

  it('lists a shared property to its co-host, saying whose, and nothing else of the owner’s', async () => {
    for (const url of ['/api/property/list', '/api/property/list?page=1']) {
      const answer = await call('GET', url, cohost)
      expect(answer.statusCode).toBe(200)
      const body = answer.json<Property[] | { items: Property[] }>()
      const items = Array.isArray(body) ? body : body.items
      expect(items.map((p) => p.id)).toEqual([shared.id])
      expect(items[0]?.sharedBy).toEqual({
        role: 'cohost',
        ownerName: 'Nora Al-Saud',
        memberId: cohostMembership,
      })
    }
    const mine = (await call('GET', '/api/property/list', owner)).json<Property[]>()
    expect(mine.map((p) => p.id).sort()).toEqual([shared.id, own.id].sort())
    expect(mine.every((p) => p.sharedBy === undefined)).toBe(true)
    for (const who of [cleaner, invited, stranger])
      expect((await call('GET', '/api/property/list', who)).json<Property[]>()).toEqual([])
  })

  it('names the owner as they are now: their new name reaches the co-host’s list', async () => {
    const sharedByOf = async () =>
      (await call('GET', '/api/property/list', cohost)).json<Property[]>()[0]?.sharedBy?.ownerName
    expect(await sharedByOf()).toBe('Nora Al-Saud')
    const renamed = await call('PATCH', '/api/user/profile', owner, { name: 'Nora Al-Saud Trading' })
    expect(renamed.statusCode, renamed.body).toBe(200)
    expect(await sharedByOf()).toBe('Nora Al-Saud Trading')
    expect((await call('PATCH', '/api/user/profile', owner, { name: 'Nora Al-Saud' })).statusCode).toBe(200)
    expect(await sharedByOf()).toBe('Nora Al-Saud')
  })

  it('lets a co-host read and change the property, its photos and links; others are told 404', async () => {
    const got = await call('GET', `/api/property/${shared.id}`, cohost)
    expect(got.statusCode).toBe(200)
    expect(got.json<Property>().sharedBy?.role).toBe('cohost')
    const edited = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/property/${shared.id}`,
      payload: propertyForm(aPropertyFields({ name: 'Palm Loft' }), [await aJpeg()]),
      headers: { cookie: cohost.cookie },
    })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(edited.json<Property>().images).toHaveLength(2)
    const link = { platformName: 'Vrbo', urlPath: 'http://127.0.0.1:9/cohost.ics' }
    const linked = await call('POST', `/api/property/${shared.id}/calendar/external`, cohost, link)
    expect(linked.statusCode).toBe(200)
    expect((await call('GET', `/api/property/${shared.id}/calendar/internal`, cohost)).statusCode).toBe(200)
    const removed = await call(
      'DELETE',
      `/api/property/${shared.id}/calendar/external/${linked.json<{ id: string }>().id}`,
      cohost,
    )
    expect(removed.statusCode).toBe(204)
    for (const who of [cleaner, invited, stranger]) {
      expect((await call('GET', `/api/property/${shared.id}`, who)).statusCode).toBe(404)
      expect((await call('GET', `/api/property/${shared.id}/image/list`, who)).statusCode).toBe(404)
      expect((await call('GET', `/api/property/${shared.id}/calendar/internal`, who)).statusCode).toBe(404)
      expect((await call('POST', `/api/property/${shared.id}/calendar/external`, who, link)).statusCode).toBe(
        404,
      )
    }
    expect((await call('GET', `/api/property/${own.id}`, cohost)).statusCode).toBe(404)
  })

  it('keeps deleting, rotating feeds and the team to the owner', async () => {
    for (const [method, url] of [
      ['DELETE', `/api/property/${shared.id}`],
      ['POST', `/api/property/${shared.id}/calendar/internal/rotate`],
      ['POST', `/api/property/${shared.id}/calendar/platform/Airbnb/rotate`],
      ['GET', `/api/property/${shared.id}/team`],
    ] as const)
      for (const who of [cohost, cleaner])
        expect((await call(method, url, who)).statusCode, `${method} ${url}`).toBe(404)
    expect(
      (
        await call('POST', `/api/property/${shared.id}/team`, cohost, {
          email: 'x@example.com',
          role: 'cleaner',
        })
      ).statusCode,
    ).toBe(404)
  })

  it('keeps cleaner’s links to the owner: a member makes none for the shared property, lists none of the owner’s', async () => {
    const made = await call('POST', '/api/turnover/link', owner, { name: 'Fatima', propertyIds: [shared.id] })
    expect(made.statusCode).toBe(201)
    const ownersLink = made.json<CleanerLink>()
    for (const who of [cohost, cleaner]) {
      const refused = await call('POST', '/api/turnover/link', who, {
        name: 'Mine',
        propertyIds: [shared.id],
      })
      expect(refused.statusCode).toBe(404)
      const listed = await call('GET', '/api/turnover/link', who)
      expect(listed.statusCode).toBe(200)
      expect(listed.json()).toEqual([])
      expect(listed.body).not.toContain(ownersLink.url)
      expect((await call('POST', `/api/turnover/link/${ownersLink.id}/rotate`, who)).statusCode).toBe(404)
      expect((await call('DELETE', `/api/turnover/link/${ownersLink.id}`, who)).statusCode).toBe(404)
    }
    expect((await call('DELETE', `/api/turnover/link/${ownersLink.id}`, owner)).statusCode).toBe(204)
  })

  it('names the properties of each reader’s cleanings with their zones and the reader’s part', async () => {
    const propertiesOf = async (who: Account) => {
      const answer = await call('GET', '/api/turnover/property', who)
      expect(answer.statusCode).toBe(200)
      return answer.json<TurnoverProperty[]>()
    }
    const entry = (property: Property, access: TurnoverProperty['access']) => ({
      id: property.id,
      name: property.name,
      timeZone: property.timeZone,
      access,
    })
    expect(await propertiesOf(owner)).toEqual([entry(shared, 'owner'), entry(own, 'owner')])
    expect(await propertiesOf(cohost)).toEqual([entry(shared, 'cohost')])
    expect(await propertiesOf(cleaner)).toEqual([entry(shared, 'cleaner')])
    for (const who of [invited, stranger]) expect(await propertiesOf(who)).toEqual([])
  })

  it('counts a co-host’s photos against the owner’s storage', async () => {
    // The owner's other property holds the account's storage, in rows an integer column takes.
    const storage = ctx.config.quotas.storageMegabytesPerAccount * 1024 * 1024
    const fillers = Array.from({ length: 2 }, (_, index) => ({
      id: randomUUID(),
      property_id: own.id,
      file_name: `filler-${index}.jpg`,
      thumb_name: `filler-${index}-thumb.jpg`,
      width: 1,
      height: 1,
      bytes: Math.ceil(storage / 2),
      position: index,
      created_at: new Date().toISOString(),
    }))
    await ctx.db.insertInto('property_images').values(fillers).execute()
    const refused = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/property/${shared.id}`,
      payload: propertyForm(aPropertyFields({ name: 'Palm Loft' }), [await aJpeg()]),
      headers: { cookie: cohost.cookie },
    })
    expect(refused.statusCode).toBe(413)
    await ctx.db
      .deleteFrom('property_images')
      .where(
        'id',
        'in',
        fillers.map((filler) => filler.id),
      )
      .execute()
  })

  describe('on the shared property’s stays', () => {
    const guest = 'Layla Haddad'
    let stayId = ''

    beforeAll(async () => {
      const calendar = await aCalendarRow(ctx.db, shared.id)
      stayId = await aStay(ctx.db, calendar, '2030-01-10', '2030-01-14', {
        guestName: guest,
        description: 'Reservation code HMX4242',
      })
      // Airbnb's availability link is shown: the platform is judged (a removed link is not).
      await call('GET', `/api/property/${shared.id}/calendar/internal`, cohost)
    })

    it('shows a co-host its calendar, guests, search, statistics and exposure; nobody else', async () => {
      const calendarOf = async (who: Account) =>
        (await call('GET', '/api/property/calendar?from=2030-01-01', who)).body
      expect(await calendarOf(cohost)).toContain(guest)
      const searched = async (who: Account) =>
        (await call('GET', '/api/stay/search?q=Layla', who)).json<{ id: string }[]>().map((hit) => hit.id)
      expect(await searched(cohost)).toEqual([stayId])
      const guests = async (who: Account) => (await call('GET', '/api/guest/list', who)).body
      expect(await guests(cohost)).toContain(guest)
      const figures = await call('GET', `/api/property/${shared.id}/statistics`, cohost)
      expect(figures.statusCode).toBe(200)
      const dashboard = await call('GET', '/api/dashboard/statistics', cohost)
      expect(dashboard.json<{ propertyCount: { total: number } }>().propertyCount.total).toBe(1)
      expect((await call('GET', '/api/dashboard/statistics/monthly', cohost)).statusCode).toBe(200)
      const exposure = await call('GET', '/api/exposure', cohost)
      expect(exposure.body).toContain(shared.id)
      const acknowledged = await call(
        'POST',
        `/api/property/${shared.id}/calendar/platform/Airbnb/acknowledge`,
        cohost,
      )
      expect(acknowledged.statusCode).toBe(200)
      for (const who of [cleaner, invited, stranger]) {
        expect(await calendarOf(who)).not.toContain(guest)
        expect(await searched(who)).toEqual([])
        expect(await guests(who)).not.toContain(guest)
        expect((await call('GET', `/api/property/${shared.id}/statistics`, who)).statusCode).toBe(404)
        const theirs = await call('GET', '/api/dashboard/statistics', who)
        expect(theirs.json<{ propertyCount: { total: number } }>().propertyCount.total).toBe(0)
        expect((await call('GET', '/api/exposure', who)).body).not.toContain(shared.id)
        expect(
          (await call('POST', `/api/property/${shared.id}/calendar/platform/Airbnb/acknowledge`, who))
            .statusCode,
        ).toBe(404)
      }
    })

    it('lets a co-host enter, change and remove stays and blocks; others are told 404', async () => {
      const block = { start: '2030-02-01', end: '2030-02-03', kind: 'block' }
      const made = await call('POST', `/api/property/${shared.id}/stay`, cohost, block)
      expect(made.statusCode).toBe(201)
      const id = made.json<{ id: string }>().id
      const url = `/api/property/${shared.id}/stay/${id}`
      for (const who of [cleaner, invited, stranger]) {
        expect((await call('POST', `/api/property/${shared.id}/stay`, who, block)).statusCode).toBe(404)
        expect((await call('PATCH', url, who, { note: 'Mine' })).statusCode).toBe(404)
        expect((await call('DELETE', url, who)).statusCode).toBe(404)
      }
      expect((await call('PATCH', url, cohost, { note: 'Painting' })).statusCode).toBe(200)
      expect((await call('DELETE', url, cohost)).statusCode).toBe(204)
    })

    it('keeps a co-host’s cached answers fresh when the owner changes the property', async () => {
      const before = await call('GET', '/api/property/calendar?from=2030-01-01', cohost)
      const list = await call('GET', '/api/property/list', cohost)
      const guestsBefore = await call('GET', '/api/guest/list', cohost)
      expect(before.statusCode + list.statusCode + guestsBefore.statusCode).toBe(600)
      const made = await call('POST', `/api/property/${shared.id}/stay`, owner, {
        start: '2030-03-01',
        end: '2030-03-05',
        kind: 'booking',
        guestName: 'Omar Fresh',
      })
      expect(made.statusCode).toBe(201)
      await ctx.db
        .updateTable('properties')
        .set({ name: 'Palm Loft Renamed' })
        .where('id', '=', shared.id)
        .execute()
      expect((await call('GET', '/api/property/calendar?from=2030-01-01', cohost)).body).toContain(
        'Omar Fresh',
      )
      expect((await call('GET', '/api/guest/list', cohost)).body).toContain('Omar Fresh')
      expect((await call('GET', '/api/property/list', cohost)).json<Property[]>()[0]?.name).toBe(
        'Palm Loft Renamed',
      )
      await ctx.db.updateTable('properties').set({ name: 'Palm Loft' }).where('id', '=', shared.id).execute()
    })

    it('gives a cleaner the shared property’s cleanings, where and when only', async () => {
      const window = '?start=2030-01-01&end=2030-01-31'
      for (const who of [owner, cohost, cleaner]) {
        for (const url of [
          `/api/turnover/list${window}`,
          `/api/turnover/list${window}&propertyId=${shared.id}`,
        ]) {
          const answer = await call('GET', url, who)
          expect(answer.statusCode, url).toBe(200)
          const cleanings = answer.json<Turnover[]>()
          expect(cleanings.map((cleaning) => cleaning.stayId)).toEqual([stayId])
          expect(cleanings[0]).toMatchObject({
            propertyName: 'Palm Loft',
            propertyAddress: expect.stringContaining(shared.address),
            date: '2030-01-14',
          })
          expect(answer.body).not.toContain(guest)
          expect(answer.body).not.toContain('HMX4242')
          expect(Object.keys(cleanings[0]!).sort()).toEqual(
            [
              'propertyId',
              'propertyName',
              'propertyAddress',
              'stayId',
              'date',
              'checkOutTime',
              'nights',
              'nextCheckIn',
              'sameDay',
              'gapNights',
            ].sort(),
          )
        }
      }
      for (const who of [invited, stranger]) {
        expect((await call('GET', `/api/turnover/list${window}`, who)).json()).toEqual([])
        expect(
          (await call('GET', `/api/turnover/list${window}&propertyId=${shared.id}`, who)).statusCode,
        ).toBe(404)
      }
      expect(
        (await call('GET', `/api/turnover/list${window}&propertyId=${own.id}`, cleaner)).statusCode,
      ).toBe(404)
    })

    it('syncs the shared property’s links when a co-host asks, none for a cleaner', async () => {
      const synced = async (who: Account) => {
        const answer = await call('POST', '/api/notification/trigger', who)
        expect(answer.statusCode).toBe(200)
        const { synced: done, failed } = answer.json<{ synced: number; failed: number }>()
        return done + failed
      }
      expect(await synced(cohost)).toBeGreaterThan(0)
      expect(await synced(cleaner)).toBe(0)
    })
  })

  it('shows an admin an account’s own properties only, not those it co-hosts', async () => {
    const { email } = await aUser(ctx.db, { isAdmin: true })
    const admin = { id: '', email, cookie: await signIn(ctx.app, email) }
    for (const query of ['', '?page=1']) {
      const answer = await call('GET', `/api/admin/user/${cohost.id}/property/list${query}`, admin)
      expect(answer.statusCode).toBe(200)
      const body = answer.json<Property[] | { items: Property[] }>()
      expect(Array.isArray(body) ? body : body.items).toEqual([])
    }
  })

  it('tells the profile which workspace the account opens on', async () => {
    const workspaceOf = async (who: Account) =>
      (await call('GET', '/api/user/profile', who)).json<Profile>().workspace
    expect(await workspaceOf(owner)).toBe('host')
    expect(await workspaceOf(cohost)).toBe('host')
    expect(await workspaceOf(cleaner)).toBe('cleaner')
    expect(await workspaceOf(invited)).toBe('host')
    expect(await workspaceOf(stranger)).toBe('host')
  })
})
