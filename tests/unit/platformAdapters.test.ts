import { describe, expect, it } from 'vitest'
import { classifySummary } from '../../src/domain/bookings.ts'
import { adapterOf } from '../../src/domain/platformAdapters.ts'
import { PLATFORM_NAMES } from '../../src/domain/platforms.ts'

const CLOSED = 'CLOSED - Not available'
const SUMMARIES = [
  CLOSED,
  'Closed',
  'Airbnb (Not available)',
  'Blocked',
  'Not available',
  'Reserved',
  'Reserved - Layla Haddad',
  '',
]
const OTHERS = PLATFORM_NAMES.filter((name) => name !== 'Booking.com')

describe("each platform's adapter", () => {
  it("takes Booking.com's closure that is no echo as a sale whose guest the feed does not name", () => {
    const booking = adapterOf('Booking.com')
    expect(booking.readSummary(CLOSED, { echo: false })).toEqual({
      status: 'Not available',
      guestName: 'Blocked',
      kind: 'booking',
    })
    expect(booking.readSummary(CLOSED, { echo: true })).toEqual(classifySummary(CLOSED))
    for (const summary of SUMMARIES.filter((text) => !/^closed\b/i.test(text)))
      expect(booking.readSummary(summary, { echo: false })).toEqual(classifySummary(summary))
  })

  it.each([...OTHERS, 'booking.com', 'Manual', 'ical.example.com'])(
    "keeps the same closure a block on %j's feed, and reads every summary by the shared rule",
    (platform) => {
      expect(adapterOf(platform).readSummary(CLOSED, { echo: false }).kind).toBe('block')
      for (const summary of SUMMARIES)
        for (const echo of [false, true])
          expect(adapterOf(platform).readSummary(summary, { echo })).toEqual(classifySummary(summary))
    },
  )

  it("judges the rules among closed nights on Airbnb's feed only", () => {
    expect(adapterOf('Airbnb').rules).toBeDefined()
    for (const platform of [...PLATFORM_NAMES.filter((name) => name !== 'Airbnb'), 'airbnb', 'Manual'])
      expect(adapterOf(platform).rules).toBeUndefined()
  })
})
