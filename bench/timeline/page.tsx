// The page `npm run bench:timeline` measures: the real Timeline view with the app's styles and
// translations, `?properties=` rows over sixty days; `?stays=0` draws the same rows empty (the
// baseline). Stays are laid out as the route lays them out, with timelineRows.
import { createRoot } from 'react-dom/client'
import '../../src/index.css'
import type { Booking } from '../../src/domain/bookings.ts'
import { addDays } from '../../src/domain/dates.ts'
import { timelineRows } from '../../src/domain/timeline.ts'
import { I18nProvider } from '../../src/i18n.tsx'
import { EVENT_COLORS } from '../../src/domain/stayColors.ts'
import { Timeline, type TimelineProperty } from '../../src/ui/calendar/Timeline.tsx'

const START = '2026-03-01'
const DAYS = 60
const PLATFORMS = ['Airbnb', 'Booking.com', 'Vrbo', 'Gathern']
const GUESTS = ['Sara Al-Harbi', 'Omar Khalid', 'Layla Haddad', 'Daniel Weber', 'هدى العتيبي', '']

const params = new URLSearchParams(window.location.search)
const propertyCount = Number(params.get('properties') ?? 50)
const withStays = params.get('stays') !== '0'

// A fixed sequence (a linear congruential generator), so every run lays out the same stays.
let seed = 42
const random = (below: number) => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
  return seed % below
}

const thumbnail = (index: number) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="${EVENT_COLORS[index % EVENT_COLORS.length]}"/></svg>`,
  )}`

const properties: TimelineProperty[] = Array.from({ length: propertyCount }, (_, index) => ({
  id: `property-${index}`,
  name: `Property ${index + 1}`,
  images: [{ thumbnailUrl: thumbnail(index) }],
}))

/** Back-to-back stays from a week before the window to a week after, and now and then one on top. */
function staysOf(property: TimelineProperty): Booking[] {
  const stays: Booking[] = []
  for (let day = -7; day < DAYS + 7;) {
    const nights = 1 + random(6)
    const start = addDays(START, day)
    const overlap = random(8) === 0
    const kind = random(6) === 0 ? 'block' : 'booking'
    stays.push({
      uid: `${property.id}-${day}`,
      stayId: null,
      manual: random(10) === 0,
      echo: overlap && kind === 'block',
      note: null,
      propertyId: property.id,
      propertyName: property.name,
      guestName: GUESTS[random(GUESTS.length)]!,
      status: 'Confirmed',
      platform: PLATFORMS[random(PLATFORMS.length)]!,
      color: EVENT_COLORS[random(EVENT_COLORS.length)]!,
      kind,
      conflict: overlap && kind === 'booking',
      feedWarning: null,
      start,
      end: addDays(start, nights),
    })
    day += overlap ? 1 : nights + random(3)
  }
  return stays
}

const bookings = withStays ? properties.flatMap(staysOf) : []
const rows = timelineRows(bookings, properties, { start: START, days: DAYS })
const ignore = () => {}

createRoot(document.getElementById('root')!).render(
  <I18nProvider>
    <Timeline
      rows={rows}
      period={{ start: START, days: DAYS }}
      today={addDays(START, 10)}
      length={60}
      phone={false}
      onPrevious={ignore}
      onNext={ignore}
      onToday={ignore}
      onLengthChange={ignore}
      onStayClick={ignore}
    />
  </I18nProvider>,
)
