import { describe, expect, it } from 'vitest'
import {
  canCreate,
  canSave,
  draftFrom,
  EMPTY_DRAFT,
  fieldsFrom,
  withAddressText,
  withChanges,
  withTimeZone,
} from '../../src/domain/property.ts'
import type { Property } from '../../src/actors/api.ts'

const stored: Property = {
  id: 'p1',
  name: 'Palm Villa',
  country: 'Saudi',
  region: null,
  city: 'Riyadh',
  address: 'Olaya St 5',
  description: null,
  capacity: 4,
  costPerNight: 450,
  timeZone: 'Asia/Riyadh',
  checkInTime: '16:00',
  checkOutTime: '10:30',
  status: 'Available',
  images: [
    { id: 'i1', url: '/u/1.webp', thumbnailUrl: '/u/1-t.webp', propertyId: 'p1' },
    { id: 'i2', url: '/u/2.webp', thumbnailUrl: '/u/2-t.webp', propertyId: 'p1' },
  ],
  externalCalendars: [
    {
      id: 'c1',
      platformName: 'Airbnb',
      urlPath: 'https://a/1.ics',
      lastSyncedAt: null,
      lastError: null,
      paused: false,
      unstable: false,
    },
  ],
  createdAt: '2026-01-01T00:00:00.000Z',
}

describe('property form rules', () => {
  it('adds only with a name and a first address word', () => {
    expect(canCreate({ ...EMPTY_DRAFT, name: 'Villa', addressText: 'Saudi' })).toBe(true)
    expect(canCreate({ ...EMPTY_DRAFT, name: ' ', addressText: 'Saudi' })).toBe(false)
    expect(canCreate({ ...EMPTY_DRAFT, name: 'Villa', addressText: '   ' })).toBe(false)
  })

  it('saves only with a name and address text', () => {
    expect(canSave(draftFrom(stored))).toBe(true)
    expect(canSave({ ...draftFrom(stored), addressText: '' })).toBe(false)
    expect(canSave({ ...draftFrom(stored), name: '' })).toBe(false)
  })

  it('turns a new draft into the payload: address split, numbers, optional fields only when present', () => {
    const fields = fieldsFrom({
      name: ' Sea Breeze ',
      addressText: 'Saudi Makkah Jeddah Corniche Road 9',
      capacity: '6',
      costPerNight: '',
      description: '  ',
      platforms: [
        { platformName: 'Airbnb', urlPath: 'https://a/2.ics' },
        { platformName: 'Vrbo', urlPath: '' },
      ],
      timeZone: 'Asia/Riyadh',
      timeZonePicked: false,
      checkInTime: ' 14:00',
      checkOutTime: '12:00',
    })
    expect(fields).toEqual({
      name: 'Sea Breeze',
      country: 'Saudi',
      region: 'Makkah',
      city: 'Jeddah',
      address: 'Corniche Road 9',
      capacity: 6,
      costPerNight: null,
      externalCalendars: [{ platformName: 'Airbnb', urlPath: 'https://a/2.ics' }],
      timeZone: 'Asia/Riyadh',
      checkInTime: '14:00',
      checkOutTime: '12:00',
    })
  })

  it('keeps the stored address parts when the host left the address text alone', () => {
    const draft = { ...draftFrom(stored), name: 'Palm Villa II' }
    // Spaced, "Riyadh" would read as the region: the missing region keeps its place between commas.
    expect(draft.addressText).toBe('Saudi, , Riyadh, Olaya St 5')
    const fields = fieldsFrom(draft, stored)
    expect(fields).toMatchObject({
      country: 'Saudi',
      city: 'Riyadh',
      address: 'Olaya St 5',
      costPerNight: 450,
    })
    expect(fields).not.toHaveProperty('region')
  })

  it('keeps the stored country, region and city when only the street was edited', () => {
    const fields = fieldsFrom({ ...draftFrom(stored), addressText: 'Saudi, , Riyadh, Olaya St 7' }, stored)
    expect(fields).toMatchObject({ country: 'Saudi', city: 'Riyadh', address: 'Olaya St 7' })
    expect(fields).not.toHaveProperty('region')
  })

  it('re-splits an edited address text', () => {
    const fields = fieldsFrom({ ...draftFrom(stored), addressText: 'Saudi Riyadh Olaya Tahlia St' }, stored)
    expect(fields).toMatchObject({ country: 'Saudi', region: 'Riyadh', city: 'Olaya', address: 'Tahlia St' })
  })

  it('shows an update in the list before the server answers, without the removed photos', () => {
    const fields = fieldsFrom({ ...draftFrom(stored), name: 'Renamed', description: 'Quiet' }, stored)
    const shown = withChanges(stored, fields, ['i1'])
    expect(shown).toMatchObject({ name: 'Renamed', description: 'Quiet', region: null })
    expect(shown.images.map((image) => image.id)).toEqual(['i2'])
  })

  it('fills the time zone in from the country as the host types, until the host picks one', () => {
    let draft = EMPTY_DRAFT
    expect(draft.timeZone).toBe('UTC')
    for (const text of ['S', 'Sa', 'Saudi', 'Saudi Riyadh Olaya']) draft = withAddressText(draft, text)
    expect(draft).toMatchObject({ addressText: 'Saudi Riyadh Olaya', timeZone: 'Asia/Riyadh' })
    draft = withAddressText(draft, 'UAE Dubai Marina')
    expect(draft.timeZone).toBe('Asia/Dubai')

    draft = withTimeZone(draft, 'Europe/London')
    draft = withAddressText(draft, 'Egypt Cairo Zamalek')
    expect(draft.timeZone).toBe('Europe/London')
    expect(fieldsFrom(draft).timeZone).toBe('Europe/London')
  })

  it("keeps a stored property's zone chosen apart from its country, and lets one from it follow the address", () => {
    const following = draftFrom(stored)
    expect(following).toMatchObject({ timeZone: 'Asia/Riyadh', timeZonePicked: false })
    expect(withAddressText(following, 'Qatar Doha Pearl').timeZone).toBe('Asia/Qatar')

    const chosen = draftFrom({ ...stored, timeZone: 'Europe/Paris' })
    expect(chosen).toMatchObject({ timeZone: 'Europe/Paris', timeZonePicked: true })
    expect(withAddressText(chosen, 'Qatar Doha Pearl').timeZone).toBe('Europe/Paris')
    expect(withChanges(stored, fieldsFrom(withTimeZone(following, 'Asia/Kuwait'), stored), []).timeZone).toBe(
      'Asia/Kuwait',
    )
  })
})
