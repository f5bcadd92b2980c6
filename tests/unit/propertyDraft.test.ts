import { describe, expect, it } from 'vitest'
import {
  canCreate,
  canSave,
  draftFrom,
  EMPTY_DRAFT,
  fieldsFrom,
  withChanges,
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
    })
  })

  it('keeps the stored address parts when the host left the address text alone', () => {
    const draft = { ...draftFrom(stored), name: 'Palm Villa II' }
    expect(draft.addressText).toBe('Saudi Riyadh Olaya St 5')
    const fields = fieldsFrom(draft, stored)
    expect(fields).toMatchObject({
      country: 'Saudi',
      city: 'Riyadh',
      address: 'Olaya St 5',
      costPerNight: 450,
    })
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
})
