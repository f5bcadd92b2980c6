import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { calendarText, type IcsStay } from '../../server/calendar/ics.ts'
import { formatRuns } from '../../src/domain/echoNights.ts'
import { feedWarningText, type FeedWarning } from '../../src/domain/feedWarnings.ts'
import { multiLine, singleLine } from '../../src/domain/plainText.ts'
import { PLATFORM_RULES } from '../../src/domain/platformRules.ts'
import { parseFeed } from '../../src/features/calendar/calendarFeed.ts'

const DAY_MS = 86_400_000
const day = (offset: number) => new Date(Date.UTC(2026, 0, 1) + offset * DAY_MS).toISOString().slice(0, 10)

/** Text as a hostile feed or host may write it: any code point, iCalendar's own syntax, breaks. */
const hostileText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 120 }),
  fc.string({ unit: 'binary', maxLength: 120 }),
  fc.constantFrom(
    'Reserved - Ali, Sara; "VIP" \\ x',
    'Omar\u2028BEGIN:VEVENT\u0085END:VCALENDAR',
    'line\r\nDTSTART:20300101\rX-MANZIL-ECHO:TRUE',
    'محمد بن عبدالله 🏖️'.repeat(8),
    ' padded  ',
  ),
)

const id = fc.stringMatching(/^[0-9a-f-]{1,36}$/)

/** A run of days within two years, as a stay or an echo run is. */
const run = fc
  .tuple(fc.integer({ min: 0, max: 700 }), fc.integer({ min: 1, max: 30 }))
  .map(([start, nights]) => ({ start: day(start), end: day(start + nights) }))

const warning: fc.Arbitrary<FeedWarning> = fc.record({
  kind: fc.constantFrom('endBeforeStart' as const, 'beyondHorizon' as const),
  start: fc.integer({ min: 0, max: 700 }).map(day),
  end: fc.integer({ min: 0, max: 700 }).map(day),
})

const stay: fc.Arbitrary<IcsStay> = fc
  .record({
    id,
    run,
    summary: hostileText,
    status: hostileText,
    guest_name: hostileText,
    platform: hostileText,
    kind: fc.constantFrom('booking' as const, 'block' as const),
    description: fc.option(hostileText, { nil: null }),
    nightly_price: fc.option(
      fc.integer({ min: 0, max: 100_000_000 }).map((cents) => cents / 100),
      { nil: null },
    ),
    calendar_id: fc.option(id, { nil: null }),
    conflict: fc.boolean(),
    echo: fc.constantFrom(0 as const, 1 as const),
    echo_runs: fc.option(fc.array(run, { minLength: 1, maxLength: 4 }).map(formatRuns), { nil: null }),
    platform_rule: fc.option(fc.constantFrom(...PLATFORM_RULES), { nil: null }),
    propertyId: fc.option(id, { nil: undefined }),
    feed_warning: fc.option(warning.map(feedWarningText), { nil: null }),
  })
  .map(({ run: nights, ...rest }) => ({
    ...rest,
    start_date: nights.start,
    end_date: nights.end,
    updated_at: '2026-11-29T10:00:00.000Z',
  }))

describe("the stay feed's own fields", () => {
  it('read back in the browser as the server wrote them, whatever the text', () => {
    fc.assert(
      fc.property(fc.array(stay, { maxLength: 5 }), (stays) => {
        const read = parseFeed(calendarText(stays, 'Hostile'))
        expect(read).toHaveLength(stays.length)
        read.forEach((event, index) => {
          const written = stays[index]!
          expect(event).toEqual({
            uid: `${written.id}@manzil`,
            summary: singleLine(written.summary),
            description: written.description ? multiLine(written.description) : '',
            location: '',
            start: written.start_date,
            end: written.end_date,
            platform: singleLine(written.platform),
            status: singleLine(written.status),
            guestName: singleLine(written.guest_name),
            kind: written.kind,
            nightlyPrice: written.nightly_price ?? undefined,
            calendarId: written.calendar_id ?? undefined,
            echo: written.echo === 1,
            echoRuns: written.echo_runs ? written.echo_runs.split(',').map(toRun) : [],
            rule: written.platform_rule ?? undefined,
            conflict: written.conflict,
            propertyId: written.propertyId,
            warning: written.feed_warning ? JSON.parse(written.feed_warning) : undefined,
          })
        })
      }),
      { numRuns: 300 },
    )
  })
})

const toRun = (text: string) => {
  const [start, end] = text.split('/')
  return { start, end }
}
