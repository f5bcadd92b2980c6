import path from 'node:path'
import { beforeAll, expect, it } from 'vitest'
import { PLATFORMS } from '../../src/domain/platforms.ts'
import { createImageStore } from '../../server/property/images.ts'
import type { ExternalCalendarInput, Property } from '../../contract/property.ts'
import { parsePropertyFields } from '../../server/property/fields.ts'
import { createPropertyService } from '../../server/property/service.ts'
import { aUser, signIn } from './builders.ts'
import { describeEachDatabase } from './harness.ts'
import {
  aJpeg,
  aPng,
  aProperty,
  aPropertyFields,
  propertyForm,
  sendPropertyForm,
  withoutSyncState,
} from './multipart.ts'

const airbnb = { platformName: 'Airbnb', urlPath: 'https://www.airbnb.com/calendar/ical/1.ics?s=abc' }
const booking = { platformName: 'Booking.com', urlPath: 'https://admin.booking.com/hotel/ical/2.ics' }
/** A channel manager's feed: on a host no platform owns, so any platform's slot may take it. */
const channelManager = { platformName: 'Airbnb', urlPath: 'https://ical.channel-manager.example/feeds/7.ics' }

describeEachDatabase('properties', (ctx) => {
  let cookie = ''

  beforeAll(async () => {
    const host = await aUser(ctx.db)
    cookie = await signIn(ctx.app, host.email)
  })

  const get = (url: string) => ctx.app.inject({ url, headers: { cookie } })
  const patch = (
    id: string,
    fields: Record<string, string>,
    uploads: Awaited<ReturnType<typeof aJpeg>>[] = [],
  ) => sendPropertyForm(ctx.app, 'PATCH', `/api/property/${id}`, propertyForm(fields, uploads), { cookie })

  it('refuses every property route without a session', async () => {
    for (const url of ['/api/property/list', '/api/property/platform/list', '/api/property/some-id']) {
      expect((await ctx.app.inject({ url })).statusCode).toBe(401)
    }
  })

  it('creates a property with photos and platform links, answering the full property shape', async () => {
    const property = await aProperty(ctx.app, cookie, { externalCalendars: JSON.stringify([airbnb]) }, [
      await aJpeg(),
      await aPng(),
    ])
    expect(property).toMatchObject({
      name: 'Corniche flat',
      country: 'Saudi',
      region: 'Makkah',
      city: 'Jeddah',
      address: 'Corniche Road 12',
      description: 'Sea view, two bedrooms',
      capacity: 4,
      costPerNight: 350,
      timeZone: 'Asia/Riyadh',
      checkInTime: '15:00',
      checkOutTime: '11:00',
      status: 'Available',
      externalCalendars: [airbnb],
    })
    expect(Object.keys(property).sort()).toEqual(
      [
        'address',
        'capacity',
        'checkInTime',
        'checkOutTime',
        'city',
        'costPerNight',
        'country',
        'createdAt',
        'description',
        'externalCalendars',
        'id',
        'images',
        'name',
        'region',
        'status',
        'timeZone',
      ].sort(),
    )
    expect(property.images).toHaveLength(2)
    for (const image of property.images) {
      expect(image.propertyId).toBe(property.id)
      expect(image.url).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/)
      expect(image.thumbnailUrl).toMatch(/^\/uploads\/[0-9a-f]{32}\.thumb\.webp$/)
    }
    expect(Object.keys(property.externalCalendars[0] ?? {}).sort()).toEqual([
      'id',
      'lastError',
      'lastSyncedAt',
      'paused',
      'platformName',
      'unstable',
      'urlPath',
    ])
    expect(withoutSyncState((await get(`/api/property/${property.id}`)).json())).toEqual(
      withoutSyncState(property),
    )
  })

  it('stores a minimal property: optional fields empty, cost per night null', async () => {
    const form = propertyForm({ name: '  Desert camp  ', country: 'Saudi', capacity: '12' })
    const response = await sendPropertyForm(ctx.app, 'POST', '/api/property', form, { cookie })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({
      name: 'Desert camp',
      region: null,
      city: '',
      address: '',
      description: null,
      costPerNight: null,
      images: [],
      externalCalendars: [],
    })
  })

  it('lists the host’s properties newest first, each with its own photos and links', async () => {
    const other = await aUser(ctx.db)
    const otherCookie = await signIn(ctx.app, other.email)
    const first = await aProperty(ctx.app, otherCookie, { name: 'First' }, [await aJpeg()])
    const second = await aProperty(
      ctx.app,
      otherCookie,
      { name: 'Second', externalCalendars: JSON.stringify([booking]) },
      [await aJpeg(), await aPng()],
    )
    const list = (
      await ctx.app.inject({ url: '/api/property/list', headers: { cookie: otherCookie } })
    ).json()
    expect(list.map((p: Property) => p.name)).toEqual(['Second', 'First'])
    expect(withoutSyncState(list[0])).toEqual(withoutSyncState(second))
    expect(withoutSyncState(list[1])).toEqual(withoutSyncState(first))
  })

  it('updates the fields, adds photos and keeps the links when none are sent', async () => {
    const property = await aProperty(ctx.app, cookie, { externalCalendars: JSON.stringify([airbnb]) }, [
      await aJpeg(),
    ])
    const response = await patch(
      property.id,
      { name: 'Renamed', country: 'Saudi', city: 'Riyadh', capacity: '6', costPerNight: '99.5' },
      [await aPng()],
    )
    expect(response.statusCode).toBe(200)
    const updated: Property = response.json()
    expect(updated).toMatchObject({
      id: property.id,
      name: 'Renamed',
      city: 'Riyadh',
      region: null,
      address: '',
      description: null,
      capacity: 6,
      costPerNight: 99.5,
      createdAt: property.createdAt,
    })
    expect(updated.images.map((image) => image.id).slice(0, 1)).toEqual([property.images[0]?.id])
    expect(updated.images).toHaveLength(2)
    expect(withoutSyncState(updated).externalCalendars).toEqual(withoutSyncState(property).externalCalendars)
  })

  it('replaces the set of links with the externalCalendars sent on PATCH', async () => {
    const property = await aProperty(ctx.app, cookie, { externalCalendars: JSON.stringify([airbnb]) })
    const [kept] = property.externalCalendars
    const changedAirbnb = { ...airbnb, urlPath: 'https://www.airbnb.com/calendar/ical/1.ics?s=new' }

    let response = await patch(
      property.id,
      aPropertyFields({ externalCalendars: JSON.stringify([airbnb, booking]) }),
    )
    expect(response.json().externalCalendars).toMatchObject([{ id: kept?.id, ...airbnb }, booking])

    response = await patch(
      property.id,
      aPropertyFields({ externalCalendars: JSON.stringify([changedAirbnb]) }),
    )
    expect(response.json().externalCalendars).toMatchObject([{ id: kept?.id, ...changedAirbnb }])

    response = await patch(property.id, aPropertyFields({ externalCalendars: '[]' }))
    expect(response.json().externalCalendars).toEqual([])
  })

  it('deletes a property and its photos', async () => {
    const property = await aProperty(ctx.app, cookie, {}, [await aJpeg()])
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/property/${property.id}`,
      headers: { cookie },
    })
    expect(response.statusCode).toBe(204)
    expect((await get(`/api/property/${property.id}`)).statusCode).toBe(404)
    const images = await ctx.db
      .selectFrom('property_images')
      .selectAll()
      .where('property_id', '=', property.id)
      .execute()
    expect(images).toEqual([])
  })

  it('lists and removes single photos', async () => {
    const property = await aProperty(ctx.app, cookie, {}, [await aJpeg(), await aPng()])
    const list = await get(`/api/property/${property.id}/image/list`)
    expect(list.json()).toEqual(property.images)
    const [first, second] = property.images
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/property/${property.id}/image/${first?.id}`,
      headers: { cookie },
    })
    expect(removed.statusCode).toBe(204)
    expect((await get(`/api/property/${property.id}/image/list`)).json()).toEqual([second])
  })

  it('takes a webcal link, as subscribe buttons give it, as its https address', async () => {
    const property = await aProperty(ctx.app, cookie)
    const url = `/api/property/${property.id}/calendar/external`
    const added = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { cookie },
      payload: { platformName: 'Vrbo', urlPath: ' webcal://www.vrbo.com/icalendar/abc.ics?nonTentative ' },
    })
    expect(added.statusCode).toBe(200)
    expect(added.json()).toMatchObject({ urlPath: 'https://www.vrbo.com/icalendar/abc.ics?nonTentative' })
  })

  it('adds, changes and removes one platform link through the calendar routes', async () => {
    const property = await aProperty(ctx.app, cookie)
    const url = `/api/property/${property.id}/calendar/external`
    const added = await ctx.app.inject({ method: 'POST', url, headers: { cookie }, payload: airbnb })
    expect(added.statusCode).toBe(200)
    expect(added.json()).toMatchObject(airbnb)

    const newLink = 'https://www.airbnb.com/calendar/ical/1.ics?s=rotated'
    const changed = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { cookie },
      payload: { platformName: 'Airbnb', urlPath: newLink },
    })
    expect(changed.json()).toMatchObject({ id: added.json().id, urlPath: newLink })
    expect((await get(url)).json()).toMatchObject([{ id: added.json().id, ...airbnb, urlPath: newLink }])

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `${url}/${added.json().id}`,
      headers: { cookie },
    })
    expect(removed.statusCode).toBe(204)
    expect((await get(url)).json()).toEqual([])
  })

  it('gives a secret export feed URL that rotation replaces', async () => {
    const property = await aProperty(ctx.app, cookie)
    const url = `/api/property/${property.id}/calendar/internal`
    const first = (await get(url)).json().url as string
    expect(first).toMatch(/^http:\/\/localhost:3000\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/)
    expect((await get(url)).json().url).toBe(first)

    const rotated = await ctx.app.inject({ method: 'POST', url: `${url}/rotate`, headers: { cookie } })
    expect(rotated.statusCode).toBe(200)
    expect(rotated.json().url).not.toBe(first)
    expect((await get(url)).json().url).toBe(rotated.json().url)
    const token = (rotated.json().url as string).match(/calendar\/(.+)\.ics$/)?.[1]
    const row = await ctx.db
      .selectFrom('properties')
      .select('export_token')
      .where('id', '=', property.id)
      .executeTakeFirst()
    expect(row?.export_token).toBe(token)
  })

  it('lists the platforms', async () => {
    const response = await get('/api/property/platform/list')
    expect(response.json()).toEqual(PLATFORMS)
    expect(response.json().map((p: { name: string }) => p.name)).toContain('Airbnb')
  })

  const invalidForms: [string, Record<string, string>, RegExp, string][] = [
    ['a missing name', { name: '' }, /property name is required/i, 'name'],
    ['a blank name', { name: '   ' }, /property name is required/i, 'name'],
    ['a name over 120 characters', { name: 'x'.repeat(121) }, /property name must be at most 120/i, 'name'],
    ['a missing country', { country: '' }, /country is required/i, 'country'],
    [
      'a description over 300 characters',
      { description: 'x'.repeat(301) },
      /description must be at most 300/i,
      'description',
    ],
    ['a capacity of 0', { capacity: '0' }, /capacity/i, 'capacity'],
    ['a fractional capacity', { capacity: '2.5' }, /capacity/i, 'capacity'],
    ['a capacity that is no number', { capacity: 'NaN' }, /capacity/i, 'capacity'],
    ['a negative cost per night', { costPerNight: '-1' }, /cost per night/i, 'costPerNight'],
    ['a cost per night that is no number', { costPerNight: 'abc' }, /cost per night/i, 'costPerNight'],
    [
      'externalCalendars that are not JSON',
      { externalCalendars: '[{' },
      /external calendars/i,
      'externalCalendars',
    ],
    [
      'externalCalendars that are not a list',
      { externalCalendars: '{}' },
      /external calendars/i,
      'externalCalendars',
    ],
    [
      'an unknown platform',
      { externalCalendars: JSON.stringify([{ platformName: 'MySpace', urlPath: 'https://x.test/a.ics' }]) },
      /unknown platform "MySpace"/i,
      'externalCalendars.MySpace',
    ],
    [
      'a calendar link that is not http(s)',
      { externalCalendars: JSON.stringify([{ platformName: 'Airbnb', urlPath: 'ftp://x.test/a.ics' }]) },
      /calendar link for Airbnb/i,
      'externalCalendars.Airbnb',
    ],
    [
      'a calendar link that is no URL',
      { externalCalendars: JSON.stringify([{ platformName: 'Vrbo', urlPath: 'not a link' }]) },
      /calendar link for Vrbo/i,
      'externalCalendars.Vrbo',
    ],
    [
      "Airbnb's own link in Booking.com's slot",
      { externalCalendars: JSON.stringify([{ platformName: 'Booking.com', urlPath: airbnb.urlPath }]) },
      /^This looks like a link from Airbnb\. Paste Booking\.com's own calendar link here\.$/,
      'externalCalendars.Booking.com',
    ],
    [
      "Vrbo's HomeAway link in Airbnb's slot",
      {
        externalCalendars: JSON.stringify([
          { platformName: 'Airbnb', urlPath: 'https://www.homeaway.com/icalendar/abc.ics' },
        ]),
      },
      /link from Vrbo\. Paste Airbnb's own/,
      'externalCalendars.Airbnb',
    ],
    [
      'a platform linked twice',
      { externalCalendars: JSON.stringify([airbnb, airbnb]) },
      /Airbnb is linked more than once/,
      'externalCalendars.Airbnb',
    ],
    [
      'one calendar link given for two platforms',
      {
        externalCalendars: JSON.stringify([
          channelManager,
          { platformName: 'Vrbo', urlPath: channelManager.urlPath },
        ]),
      },
      /The Vrbo link is the same as the Airbnb link: a calendar can be linked only once/,
      'externalCalendars.Vrbo',
    ],
  ]

  for (const [what, fields, message, field] of invalidForms) {
    it(`refuses ${what} with a 400 whose sentence sits at the field`, async () => {
      const form = propertyForm(aPropertyFields(fields))
      const response = await sendPropertyForm(ctx.app, 'POST', '/api/property', form, { cookie })
      expect(response.statusCode).toBe(400)
      const refusal = response.json<{ message: string; fields: Record<string, string> }>()
      expect(refusal.message).toMatch(message)
      expect(refusal.fields).toEqual({ [field]: refusal.message })
    })
  }

  it('blames every bad field of the form at once, in the reader’s language', async () => {
    const form = propertyForm(aPropertyFields({ name: '', capacity: '0', costPerNight: 'abc' }))
    const response = await sendPropertyForm(ctx.app, 'POST', '/api/property', form, {
      cookie,
      language: 'ar',
    })
    expect(response.json()).toEqual({
      message: 'اسم العقار مطلوب',
      fields: {
        name: 'اسم العقار مطلوب',
        capacity: 'يجب أن تكون السعة عددًا صحيحًا من ١ إلى ١٠٬٠٠٠',
        costPerNight: 'يجب أن تكون تكلفة الليلة فارغة أو رقمًا من ٠ إلى ١٬٠٠٠٬٠٠٠',
      },
    })
  })

  it('refuses a missing capacity, and an invalid field on update too', async () => {
    const { capacity: _capacity, ...withoutCapacity } = aPropertyFields()
    const created = await sendPropertyForm(ctx.app, 'POST', '/api/property', propertyForm(withoutCapacity), {
      cookie,
    })
    expect(created.json().message).toMatch(/capacity/i)
    const property = await aProperty(ctx.app, cookie)
    const updated = await patch(property.id, aPropertyFields({ description: 'x'.repeat(301) }))
    expect(updated.statusCode).toBe(400)
    expect(updated.json().message).toMatch(/description/i)
  })

  it('names the field in Arabic for an Arabic reader', async () => {
    const form = propertyForm(aPropertyFields({ capacity: '0' }))
    const response = await sendPropertyForm(ctx.app, 'POST', '/api/property', form, {
      cookie,
      language: 'ar',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toContain('السعة')
  })

  it('checks a link added through the calendar route the same way', async () => {
    const property = await aProperty(ctx.app, cookie)
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/property/${property.id}/calendar/external`,
      headers: { cookie },
      payload: { platformName: 'Airbnb', urlPath: 'javascript:alert(1)' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toMatch(/calendar link for Airbnb/i)
  })

  it("refuses, through the calendar route, a link another platform of the property has, in the reader's language", async () => {
    const property = await aProperty(ctx.app, cookie)
    const url = `/api/property/${property.id}/calendar/external`
    const link = (platformName: string, language: 'en' | 'ar' = 'en') =>
      ctx.app.inject({
        method: 'POST',
        url,
        headers: { cookie, 'accept-language': language },
        payload: { platformName, urlPath: channelManager.urlPath },
      })
    expect((await link('Airbnb')).statusCode).toBe(200)
    // The same link again for the same platform changes nothing.
    expect((await link('Airbnb')).statusCode).toBe(200)
    const twice = await link('Vrbo')
    expect(twice.statusCode).toBe(400)
    expect(twice.json().message).toBe(
      'The Vrbo link is the same as the Airbnb link: a calendar can be linked only once',
    )
    expect((await link('Vrbo', 'ar')).json().message).toBe(
      'رابط Vrbo هو نفسه رابط Airbnb: لا يُربط التقويم الواحد إلا مرة واحدة',
    )
    expect((await get(url)).json()).toMatchObject([channelManager])
  })

  it("refuses, through the calendar route, another platform's own link, in the reader's language", async () => {
    const property = await aProperty(ctx.app, cookie)
    const url = `/api/property/${property.id}/calendar/external`
    const link = (platformName: string, urlPath: string, language: 'en' | 'ar' = 'en') =>
      ctx.app.inject({
        method: 'POST',
        url,
        headers: { cookie, 'accept-language': language },
        payload: { platformName, urlPath },
      })
    const inVrbo = await link('Vrbo', 'https://ical.booking.com/v1/export?t=5b7e')
    expect(inVrbo.statusCode).toBe(400)
    expect(inVrbo.json()).toEqual({
      message: "This looks like a link from Booking.com. Paste Vrbo's own calendar link here.",
      fields: { urlPath: "This looks like a link from Booking.com. Paste Vrbo's own calendar link here." },
    })
    expect((await link('Booking.com', ` webcal://www.airbnb.com/calendar/ical/1.ics `, 'ar')).json()).toEqual(
      {
        message: 'يبدو أن هذا الرابط من Airbnb. الصق هنا رابط تقويم Booking.com نفسه.',
        fields: { urlPath: 'يبدو أن هذا الرابط من Airbnb. الصق هنا رابط تقويم Booking.com نفسه.' },
      },
    )
    expect((await get(url)).json()).toEqual([])
  })

  it("takes a host no platform owns in any platform's slot, and any link under Other", async () => {
    const property = await aProperty(ctx.app, cookie)
    // In the order the property lists its links: by platform name.
    const links = [
      { platformName: 'Booking.com', urlPath: 'https://ical.channel-manager.example/feeds/7.ics' },
      { platformName: 'Gathern', urlPath: 'https://gathern.com/ical/unit-9.ics' },
      { platformName: 'Other', urlPath: 'https://www.airbnb.co.uk/calendar/ical/3.ics' },
      {
        platformName: 'Vrbo',
        urlPath: 'https://calendar.google.com/calendar/ical/abc%40group.calendar.google.com/basic.ics',
      },
    ]
    const updated = await patch(property.id, aPropertyFields({ externalCalendars: JSON.stringify(links) }))
    expect(updated.statusCode).toBe(200)
    expect(updated.json().externalCalendars).toMatchObject(links)
  })

  it('refuses a JSON body where the form is expected', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/property',
      headers: { cookie },
      payload: aPropertyFields(),
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toMatch(/multipart/i)
  })
})

describeEachDatabase('telling the sync engine about changed links', (ctx) => {
  it('announces added and changed links once committed, not unchanged or removed ones', async () => {
    const owner = await aUser(ctx.db)
    const announced: string[][] = []
    const properties = createPropertyService({
      db: ctx.db,
      imports: ctx.app.imports,
      clock: ctx.app.clock,
      images: createImageStore(path.join(ctx.config.dataDir, 'uploads'), ctx.app.log),
      publicUrl: ctx.config.publicUrl,
      log: ctx.app.log,
      quotas: ctx.config.quotas,
      onCalendarsChanged: (ids) => void announced.push(ids),
    })
    const settled = () => new Promise((resolve) => setImmediate(resolve))
    const form = (externalCalendars?: ExternalCalendarInput[]) => ({
      fields: {
        ...parsePropertyFields(aPropertyFields()),
        externalCalendars,
      },
      images: [],
    })

    const created = await properties.create(owner.id, form([airbnb]))
    await settled()
    expect(announced).toEqual([[created.externalCalendars[0]?.id]])

    await properties.update(owner.id, created.id, form([airbnb]))
    await properties.update(owner.id, created.id, form())
    await properties.upsertExternalCalendar(owner.id, created.id, airbnb)
    await settled()
    expect(announced).toHaveLength(1)

    const updated = await properties.update(owner.id, created.id, form([booking]))
    await settled()
    expect(announced[1]).toEqual([updated.externalCalendars[0]?.id])

    const changed = await properties.upsertExternalCalendar(owner.id, created.id, {
      ...booking,
      urlPath: `${booking.urlPath}?v=2`,
    })
    await settled()
    expect(announced[2]).toEqual([changed.id])
    expect(changed.id).toBe(updated.externalCalendars[0]?.id)
  })
})
