import { nightsOverlap } from '../src/domain/bookings.ts'
import { addDays, type DateOnly } from '../src/domain/dates.ts'
import type { StayEvent } from '../tests/fixtures/feedServer.ts'

/** The demo's accounts: printed at start, and used by tests/e2e/demo.e2e.ts. */
export const DEMO_HOST = { email: 'layla@demo.manzil.app', password: 'Demo-Host-2026!', name: 'Layla Haddad' }
export const DEMO_ADMIN = { email: 'admin@demo.manzil.app', password: 'Demo-Admin-2026!' }

export type DemoPlatform = 'Airbnb' | 'Booking.com' | 'Vrbo'

/** What a property's generated photos show (see demoPhotos.ts): its outside, then a room. */
export type Theme = 'sea' | 'garden' | 'desert'

export type DemoProperty = {
  fields: Record<string, string>
  platforms: [DemoPlatform, DemoPlatform]
  theme: Theme
}

export const DEMO_PROPERTIES: DemoProperty[] = [
  {
    fields: {
      name: 'Corniche Sea View',
      country: 'Saudi Arabia',
      region: 'Makkah',
      city: 'Jeddah',
      address: 'Corniche Road 14',
      capacity: '4',
      costPerNight: '450',
      description:
        'Two bedrooms facing the Red Sea, a balcony for the sunset, five minutes from the fountain.',
    },
    platforms: ['Airbnb', 'Booking.com'],
    theme: 'sea',
  },
  {
    fields: {
      name: 'Olaya Garden Villa',
      country: 'Saudi Arabia',
      region: 'Riyadh',
      city: 'Riyadh',
      address: 'Olaya Street 33',
      capacity: '8',
      costPerNight: '900',
      description: 'A family villa with a palm garden, a private pool and parking for three cars.',
    },
    platforms: ['Booking.com', 'Vrbo'],
    theme: 'garden',
  },
  {
    fields: {
      name: 'AlUla Desert Retreat',
      country: 'Saudi Arabia',
      region: 'Madinah',
      city: 'AlUla',
      address: 'Old Town Road 7',
      capacity: '2',
      costPerNight: '700',
      description: 'A stone cabin among the sandstone cliffs; stargazing from the terrace.',
    },
    platforms: ['Airbnb', 'Vrbo'],
    theme: 'desert',
  },
]

const GUESTS = [
  'Sara Al-Harbi',
  'Omar Haddad',
  'Lina Nasser',
  'James Carter',
  'Mona Saleh',
  'Yusuf Karim',
  'Emma Laurent',
  'Faisal Al-Qahtani',
  'Noura Al-Otaibi',
  'Daniel Weber',
  'Huda Mansour',
  'Khalid Rahman',
  'Aisha Siddiqui',
  'Lucas Martin',
  'Reem Al-Dossary',
  'Hiroshi Tanaka',
]

/** How each platform writes a reservation's SUMMARY: "status - guest" (docs/product.md §4.8). */
const STATUS: Record<DemoPlatform, string> = {
  Airbnb: 'Reserved',
  'Booking.com': 'Confirmed',
  Vrbo: 'Booked',
}

/** A stay on one platform's feed of one property. */
export type DemoStay = StayEvent & { platform: DemoPlatform }

export type Random = (below: number) => number
export const mathRandom: Random = (below) => Math.floor(Math.random() * below)

const pick = <T>(items: readonly T[], random: Random): T => items[random(items.length)]!

let serial = 0
function stayOf(platform: DemoPlatform, start: DateOnly, nights: number, random: Random): DemoStay {
  serial++
  return {
    uid: `demo-${platform.toLowerCase().replace(/\W/g, '')}-${start}-${serial}@manzil.demo`,
    start,
    end: addDays(start, nights),
    summary: `${STATUS[platform]} - ${pick(GUESTS, random)}`,
    platform,
  }
}

/**
 * A year of one property's stays (about two thirds of the nights sold, spread over its two
 * platforms, one of them an owner's block), a stay in progress today and two months ahead. With
 * `conflict`, tonight is sold again on the other platform: a double booking.
 */
export function stayHistory(
  property: DemoProperty,
  today: DateOnly,
  options: { conflict: boolean; random?: Random },
): DemoStay[] {
  const random = options.random ?? mathRandom
  const stays: DemoStay[] = []
  const fill = (from: DateOnly, until: DateOnly) => {
    let day = from
    while (day < until) {
      day = addDays(day, random(4))
      const nights = 2 + random(5)
      if (addDays(day, nights) > until) break
      stays.push(stayOf(pick(property.platforms, random), day, nights, random))
      day = addDays(day, nights)
    }
  }
  fill(addDays(today, -365), addDays(today, -2))
  // In progress today, so the "current stays" lists are never empty.
  stays.push(stayOf(property.platforms[0], addDays(today, -1), 3, random))
  fill(addDays(today, 2), addDays(today, 60))
  const [block] = stays.splice(stays.length - 3, 1)
  if (block) stays.push({ ...block, summary: 'Blocked' })
  // The other platform sold tonight and tomorrow again: a double booking in progress.
  if (options.conflict) stays.push(stayOf(property.platforms[1], today, 2, random))
  return stays
}

const BOOKABLE_DAYS = 43

/**
 * A new reservation for the live feed: check-in 3 to 45 days ahead, on nights no stay of the
 * property holds yet. It starts from a random day and length and walks on (shorter, then later)
 * until something fits, so it finds a free night whenever there is one; null when there is none.
 */
export function nextBooking(
  property: DemoProperty,
  taken: readonly DemoStay[],
  today: DateOnly,
  random: Random = mathRandom,
): DemoStay | null {
  const platform = pick(property.platforms, random)
  const firstDay = random(BOOKABLE_DAYS)
  const longest = 1 + random(4)
  for (let day = 0; day < BOOKABLE_DAYS; day++) {
    const start = addDays(today, 3 + ((firstDay + day) % BOOKABLE_DAYS))
    for (let nights = longest; nights >= 1; nights--) {
      const nightsWanted = { start, end: addDays(start, nights) }
      if (!taken.some((other) => nightsOverlap(nightsWanted, other)))
        return stayOf(platform, start, nights, random)
    }
  }
  return null
}
