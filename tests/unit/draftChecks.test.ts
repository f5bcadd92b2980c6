import { describe, expect, it } from 'vitest'
import {
  draftFrom,
  draftProblems,
  EMPTY_DRAFT,
  isDraftDirty,
  withAddressText,
  withTimeZone,
} from '../../src/domain/property.ts'
import { aProperty } from '../ui/propertyBuilders.ts'

const ready = { ...EMPTY_DRAFT, name: 'Sea Breeze', addressText: 'Saudi Jeddah', capacity: '4' }

describe('a property draft', () => {
  it('is dirty once anything is typed, a photo picked or a link added, not for the zone that follows', () => {
    expect(isDraftDirty(EMPTY_DRAFT)).toBe(false)
    expect(isDraftDirty(EMPTY_DRAFT, 1)).toBe(true)
    expect(isDraftDirty({ ...EMPTY_DRAFT, capacity: '2' })).toBe(true)
    expect(isDraftDirty({ ...EMPTY_DRAFT, platforms: [{ platformName: 'Airbnb', urlPath: '' }] })).toBe(true)
    expect(isDraftDirty(withAddressText(withAddressText(EMPTY_DRAFT, 'Saudi'), ''))).toBe(false)
  })

  it('is dirty in the editor only once it differs from the stored property, a removed photo included', () => {
    const stored = draftFrom(aProperty({ country: 'Saudi', timeZone: 'Asia/Riyadh' }))
    expect(isDraftDirty(stored, 0, stored)).toBe(false)
    expect(isDraftDirty({ ...stored, name: 'Palm Villa II' }, 0, stored)).toBe(true)
    expect(isDraftDirty(stored, 1, stored)).toBe(true)
    expect(isDraftDirty(withTimeZone(stored, 'Asia/Dubai'), 0, stored)).toBe(true)
    expect(isDraftDirty(withTimeZone(stored, 'Asia/Riyadh'), 0, stored)).toBe(false)
  })

  it('has the problems the server would refuse, by field', () => {
    expect(draftProblems(ready)).toEqual({})
    expect(Object.keys(draftProblems({ ...ready, capacity: '' }))).toEqual(['capacity'])
    expect(Object.keys(draftProblems({ ...ready, capacity: '0' }))).toEqual(['capacity'])
    expect(Object.keys(draftProblems({ ...ready, capacity: '2.5' }))).toEqual(['capacity'])
    expect(draftProblems({ ...ready, addressText: ', Riyadh Region' })).toEqual({
      addressText: { key: 'errors.property.country' },
    })
    expect(Object.keys(draftProblems({ ...ready, costPerNight: 'abc' }))).toEqual(['costPerNight'])
    expect(draftProblems({ ...ready, costPerNight: '350.5' })).toEqual({})
    expect(
      draftProblems({ ...ready, platforms: [{ platformName: 'Airbnb', urlPath: 'ftp://x/cal.ics' }] }),
    ).toEqual({ 'link:Airbnb': { key: 'errors.property.urlPath', values: { platform: 'Airbnb' } } })
    expect(
      draftProblems({
        ...ready,
        platforms: [{ platformName: 'Vrbo', urlPath: 'webcal://www.vrbo.com/a.ics' }],
      }),
    ).toEqual({})
    expect(
      draftProblems({
        ...ready,
        platforms: [
          { platformName: 'Booking.com', urlPath: 'https://www.airbnb.com/calendar/ical/1.ics?s=abc' },
          { platformName: 'Other', urlPath: 'https://www.airbnb.com/calendar/ical/2.ics?s=abc' },
          { platformName: 'Vrbo', urlPath: 'https://ical.channel-manager.example/7.ics' },
        ],
      }),
    ).toEqual({
      'link:Booking.com': {
        key: 'errors.property.otherPlatformLink',
        values: { platform: 'Booking.com', other: 'Airbnb' },
      },
    })
    expect(Object.keys(draftProblems({ ...EMPTY_DRAFT, capacity: '1' })).sort()).toEqual([
      'addressText',
      'name',
    ])
  })
})
