import { beforeAll, expect, it } from 'vitest'
import type { Property } from '../../contract/property.ts'
import { propertyForm } from '../../src/actors/api.ts'
import {
  draftFrom,
  EMPTY_DRAFT,
  fieldsFrom,
  withAddressText,
  type PropertyDraft,
} from '../../src/domain/property.ts'
import { aUser, signIn } from './builders.ts'
import { describeEachDatabase } from './harness.ts'
import { aProperty, sendPropertyForm } from './multipart.ts'

const partsOf = ({ country, region, city, address }: Property) => ({ country, region, city, address })

/**
 * The address as the browser saves it: the typed text split by the shared rule into the payload the
 * browser sends, through the real routes, read back from the server.
 */
describeEachDatabase('property address', (ctx) => {
  let cookie = ''

  beforeAll(async () => {
    const host = await aUser(ctx.db)
    cookie = await signIn(ctx.app, host.email)
  })

  const read = async (id: string): Promise<Property> =>
    (await ctx.app.inject({ url: `/api/property/${id}`, headers: { cookie } })).json()

  async function create(addressText: string): Promise<Property> {
    const draft: PropertyDraft = withAddressText(
      { ...EMPTY_DRAFT, name: 'Address flat', capacity: '2' },
      addressText,
    )
    const form = propertyForm(fieldsFrom(draft), [], 'create')
    const response = await sendPropertyForm(ctx.app, 'POST', '/api/property', form, { cookie })
    expect(response.statusCode).toBe(201)
    return read(response.json<Property>().id)
  }

  /** The editor opened on `stored`, its address text changed by `edit`, then saved. */
  async function editAddress(stored: Property, edit: (shown: string) => string): Promise<Property> {
    const opened = draftFrom(stored)
    const draft = withAddressText(opened, edit(opened.addressText))
    const form = propertyForm(fieldsFrom(draft, stored), [], 'update')
    const response = await sendPropertyForm(ctx.app, 'PATCH', `/api/property/${stored.id}`, form, { cookie })
    expect(response.statusCode).toBe(200)
    return read(stored.id)
  }

  it('stores a text with commas split on its commas, the rest keeping its own', async () => {
    const created = await create('Saudi Arabia, Riyadh Region, Riyadh, King Fahd Road 9, Tower B')
    expect(partsOf(created)).toEqual({
      country: 'Saudi Arabia',
      region: 'Riyadh Region',
      city: 'Riyadh',
      address: 'King Fahd Road 9, Tower B',
    })
    expect(created.timeZone).toBe('Asia/Riyadh')
  })

  it('stores a text without commas split on its spaces, as the original rule does', async () => {
    const created = await create('Saudi Makkah Jeddah Corniche Road 12')
    expect(partsOf(created)).toEqual({
      country: 'Saudi',
      region: 'Makkah',
      city: 'Jeddah',
      address: 'Corniche Road 12',
    })
  })

  it('keeps the stored country, region and city when the editor changes only the street number', async () => {
    // Parts no split rule gives back from their spaced text, as the API may have stored them.
    const stored = await aProperty(ctx.app, cookie, {
      country: 'Saudi Arabia',
      region: '',
      city: 'Makkah',
      address: 'Ibrahim Khalil 5',
    })
    const edited = await editAddress(stored, (shown) => shown.replace('Khalil 5', 'Khalil 7'))
    expect(partsOf(edited)).toEqual({
      country: 'Saudi Arabia',
      region: null,
      city: 'Makkah',
      address: 'Ibrahim Khalil 7',
    })
    const spaced = await aProperty(ctx.app, cookie, {})
    const withTower = await editAddress(spaced, (shown) => `${shown}, Tower B`)
    expect(partsOf(withTower)).toEqual({
      country: 'Saudi',
      region: 'Makkah',
      city: 'Jeddah',
      address: 'Corniche Road 12, Tower B',
    })
  })

  it('stores the edited parts when the editor changes the city', async () => {
    const stored = await create('Saudi Arabia, Makkah Region, Makkah, Ibrahim Khalil 5')
    const edited = await editAddress(stored, (shown) => shown.replace(', Makkah,', ', Jeddah,'))
    expect(partsOf(edited)).toEqual({
      country: 'Saudi Arabia',
      region: 'Makkah Region',
      city: 'Jeddah',
      address: 'Ibrahim Khalil 5',
    })
  })
})
