import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { calendarText } from '../../server/calendar/ics.ts'
import { parseFeed } from '../../src/features/calendar/calendarFeed.ts'
import { parseICalendar } from '../../src/domain/icalendar.ts'
import { singleLine } from '../../src/domain/plainText.ts'

const calendar = (...lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...lines, 'END:VCALENDAR'].join('\r\n')

describe("the browser's iCalendar reader", () => {
  it("reads back every stay of the server's export feed (ical.js wrote it), whatever the texts", () => {
    const texts = fc.string({ unit: 'grapheme', maxLength: 120 })
    fc.assert(
      fc.property(
        fc.array(fc.record({ summary: texts, guest: texts, platform: texts, conflict: fc.boolean() }), {
          maxLength: 5,
        }),
        (stays) => {
          const rows = stays.map((stay, index) => ({
            id: `stay-${index}`,
            summary: stay.summary,
            start_date: '2026-03-01',
            end_date: '2026-03-04',
            status: 'Reserved',
            guest_name: stay.guest,
            platform: stay.platform,
            kind: 'booking' as const,
            updated_at: '2026-02-01T10:00:00.000Z',
            conflict: stay.conflict,
          }))
          expect(parseFeed(calendarText(rows, 'Villa, "Rawdah"; فيلا'))).toEqual(
            stays.map((stay, index) => ({
              uid: `stay-${index}@manzil`,
              summary: singleLine(stay.summary),
              description: '',
              location: '',
              start: '2026-03-01',
              end: '2026-03-04',
              platform: singleLine(stay.platform),
              status: 'Reserved',
              guestName: singleLine(stay.guest),
              kind: 'booking',
              conflict: stay.conflict,
              echo: false,
              echoRuns: [],
            })),
          )
        },
      ),
      { numRuns: 200 },
    )
  })

  it('ends a stay after its DURATION, on the day the duration reaches', () => {
    const feed = calendar(
      'BEGIN:VEVENT',
      'UID:a',
      'DTSTART;VALUE=DATE:20260301',
      'DURATION:P1W',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:b',
      'DTSTART:20260301T220000Z',
      'DURATION:PT3H',
      'END:VEVENT',
    )
    expect(parseFeed(feed).map(({ start, end }) => [start, end])).toEqual([
      ['2026-03-01', '2026-03-08'],
      ['2026-03-01', '2026-03-02'],
    ])
  })

  it("keeps an alarm's fields out of its event, and reads quoted parameters holding : and ;", () => {
    const feed = calendar(
      'BEGIN:VEVENT',
      'UID:a',
      'DTSTART;VALUE=DATE:20260301',
      'SUMMARY;ALTREP="cid:part1;x@example.com":Reserved - Lina',
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      'DESCRIPTION:Not the event',
      'END:VALARM',
      'END:VEVENT',
    )
    expect(parseFeed(feed)).toEqual([
      expect.objectContaining({ summary: 'Reserved - Lina', description: '', end: '2026-03-02' }),
    ])
    const [root] = parseICalendar(feed)
    expect(root?.components[0]?.components[0]?.name).toBe('VALARM')
  })

  it('reads a line the same with its parameters quoted or not, names and keys in upper case', () => {
    const word = fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,8}$/)
    // BEGIN and END open and close components: any other word names a property.
    const propertyName = word.filter((name) => !/^(begin|end)$/i.test(name))
    const paramValue = fc.stringMatching(/^[^";:,\r\n]{0,12}$/)
    fc.assert(
      fc.property(
        propertyName,
        fc.array(fc.tuple(word, paramValue), { maxLength: 3 }),
        fc.string(),
        (name, params, value) => {
          const line = (quote: string) =>
            [name, ...params.map(([key, param]) => `${key}=${quote}${param}${quote}`)].join(';') +
            `:${value.replace(/[\r\n]/g, '')}`
          const read = (quote: string) => parseICalendar(calendar(line(quote)))[0]?.properties.at(-1)
          expect(read('')).toEqual(read('"'))
          expect(read('')).toMatchObject({
            name: name.toUpperCase(),
            params: Object.fromEntries(params.map(([key, param]) => [key.toUpperCase(), param])),
          })
        },
      ),
      { numRuns: 200 },
    )
  })

  it('reads lines ended by CRLF or LF alike, skips blank ones (of any white space), and unfolds continued ones', () => {
    const lines = [
      'BEGIN:VCALENDAR',
      'BEGIN:VEVENT',
      'UID:a',
      '',
      '\u00a0\u2028',
      'DTSTART;VALUE=DATE:20260301',
      'SUMMARY;LANGUAGE=ar:Reserved - ',
      ' Lina',
      'X-MANZIL-GUEST;VALUE=TEXT:Lina',
      'X-MANZIL-STATUS;VALUE=TEXT:Reserved',
      'END:VEVENT',
      'END:VCALENDAR',
    ]
    const crlf = parseICalendar(lines.join('\r\n'))
    expect(parseICalendar(lines.join('\n'))).toEqual(crlf)
    const properties = crlf[0]!.components[0]!.properties
    expect(properties.map(({ name, value }) => `${name}:${value}`)).toEqual([
      'UID:a',
      'DTSTART:20260301',
      'SUMMARY:Reserved - Lina',
      'X-MANZIL-GUEST:Lina',
      'X-MANZIL-STATUS:Reserved',
    ])
    // A parameter text repeated line after line reads alike each time, and is never written to.
    const [, , , guest, status] = properties
    expect(guest!.params).toEqual({ VALUE: 'TEXT' })
    expect(status!.params).toEqual({ VALUE: 'TEXT' })
    expect(Object.isFrozen(guest!.params)).toBe(true)
  })

  it('refuses mismatched components and lines without a value', () => {
    expect(() => parseICalendar('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nEND:VCALENDAR')).toThrow()
    expect(() => parseICalendar('BEGIN:VCALENDAR\r\nSUMMARY\r\nEND:VCALENDAR')).toThrow()
    expect(() => parseICalendar('')).toThrow()
  })
})
