import type { ExternalCalendar, Property, PropertyImage } from '../../src/actors/api.ts'
import type { PlatformFeed } from '../../contract/property.ts'
import type { Exposure } from '../../contract/imports.ts'

let sequence = 0

export const anImage = (propertyId: string, overrides: Partial<PropertyImage> = {}): PropertyImage => {
  sequence += 1
  return {
    id: `image-${sequence}`,
    url: `/uploads/${sequence}.webp`,
    thumbnailUrl: `/uploads/${sequence}-thumb.webp`,
    propertyId,
    ...overrides,
  }
}

export const aCalendar = (overrides: Partial<ExternalCalendar> = {}): ExternalCalendar => ({
  id: 'calendar-1',
  platformName: 'Airbnb',
  urlPath: 'https://www.airbnb.com/calendar/ical/42.ics',
  lastSyncedAt: null,
  lastError: null,
  paused: false,
  unstable: false,
  ...overrides,
})

/** A stored property as the API answers it; every field can be overridden. */
export const aProperty = (overrides: Partial<Property> = {}): Property => ({
  id: 'property-1',
  name: 'Palm Villa',
  country: 'Saudi',
  region: 'Riyadh',
  city: 'Olaya',
  address: 'King Fahd Road 12',
  description: 'A quiet villa with a garden.',
  capacity: 6,
  costPerNight: 1200,
  // The machine's own zone, so that the property's today is the `localToday()` tests compare with.
  timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  checkInTime: '15:00',
  checkOutTime: '11:00',
  status: 'Available',
  images: [],
  externalCalendars: [],
  createdAt: '2026-01-05T10:00:00.000Z',
  ...overrides,
})

/** A platform's availability link that the platform has never imported, unless overridden. */
export const aPlatformFeed = (overrides: Partial<PlatformFeed> = {}): PlatformFeed => ({
  platformName: 'Airbnb',
  url: 'http://localhost:3000/api/calendar/platform-secret.ics',
  lastFetchedAt: null,
  lastUserAgent: null,
  medianIntervalMinutes: null,
  p95IntervalMinutes: null,
  atRisk: [],
  calendarPage: null,
  ...overrides,
})

type ExposurePlatform = Exposure['properties'][number]['platforms'][number]

/** A platform of the host's exposure that imports every 2 hours and misses no night, unless overridden. */
export const anExposurePlatform = (overrides: Partial<ExposurePlatform> = {}): ExposurePlatform => ({
  platformName: 'Booking.com',
  nightsAtRisk: 0,
  oldestSince: null,
  lastFetchedAt: null,
  medianIntervalMinutes: 120,
  atRisk: [],
  calendarPage: null,
  ...overrides,
})
