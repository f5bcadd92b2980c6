import { describe, expect, it } from 'vitest'
import { MAX_LINE_CHARS, MAX_PARAMETERS, MAX_STAYS } from '../../server/sync/budgets.ts'
import { FeedError, type FeedFailure } from '../../server/sync/feedError.ts'
import { checkLines } from '../../server/sync/feedLines.ts'
import { parseFeed } from '../../server/sync/parse.ts'
import {
  hourlyRules,
  instancesWithoutMasters,
  manyParameters,
  neverMatchingRule,
  tooManyStays,
  yearsOfHistory,
} from '../fixtures/hostileFeeds.ts'

const TODAY = new Date().toISOString().slice(0, 10)

/** The reason a feed is refused for, and how long the refusal took. */
function refusal(text: string): { reason: FeedFailure | 'none'; ms: number } {
  const started = performance.now()
  try {
    parseFeed(text, TODAY)
    return { reason: 'none', ms: performance.now() - started }
  } catch (error) {
    if (!(error instanceof FeedError)) throw error
    return { reason: error.reason, ms: performance.now() - started }
  }
}

const calendar = (...lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', ...lines, 'END:VCALENDAR', ''].join('\r\n')
const event = (...lines: string[]) =>
  calendar('BEGIN:VEVENT', 'UID:a', 'DTSTART;VALUE=DATE:20300301', ...lines, 'END:VEVENT')

/** RFC 5545 folding: 75 characters a line, continuations start with a space. */
const folded = (line: string) => line.match(/.{1,74}/g)!.join('\r\n ')

describe("a feed's budgets", () => {
  it('ends a rule that never matches (30 February) within its step budget', () => {
    expect(refusal(neverMatchingRule())).toMatchObject({ reason: 'recurrenceTooComplex' })
    expect(refusal(neverMatchingRule()).ms).toBeLessThan(1000)
  })

  it('still expands a daily rule that began decades ago', () => {
    const stays = parseFeed(
      event('RRULE:FREQ=DAILY', 'DTEND;VALUE=DATE:19900102').replace('20300301', '19900101'),
      TODAY,
    )
    expect(stays[0]?.start).toBe(TODAY)
  })

  it(`refuses more than ${MAX_STAYS} stays, from hourly rules or from plain events`, () => {
    expect(refusal(hourlyRules())).toMatchObject({ reason: 'tooManyStays' })
    expect(refusal(tooManyStays())).toMatchObject({ reason: 'tooManyStays' })
    const allowed = tooManyStays().replace(/BEGIN:VEVENT\r\nUID:s2000\r\n[^]*?END:VEVENT\r\n/, '')
    expect(parseFeed(allowed, TODAY)).toHaveLength(MAX_STAYS)
  })

  it(`counts moved instances without a master toward the ${MAX_STAYS} stays`, () => {
    expect(refusal(instancesWithoutMasters())).toMatchObject({ reason: 'tooManyStays' })
    const allowed = instancesWithoutMasters().replace(/BEGIN:VEVENT\r\nUID:u2000\r\n[^]*END:VEVENT\r\n/, '')
    expect(parseFeed(allowed, TODAY)).toHaveLength(MAX_STAYS)
  })

  it('reads a long history but keeps only the stays of the last year on', () => {
    expect(parseFeed(yearsOfHistory(), TODAY)).toEqual([])
  })

  it(`refuses a line with more than ${MAX_PARAMETERS} parameters before ical.js reads it`, () => {
    const verdict = refusal(manyParameters())
    expect(verdict.reason).toBe('tooManyParameters')
    // ical.js itself took 37 s over this line.
    expect(verdict.ms).toBeLessThan(500)
    const parameters = (count: number) =>
      event(`SUMMARY;${Array.from({ length: count }, (_, i) => `X-P${i}=1`).join(';')}:Reserved`)
    expect(refusal(parameters(MAX_PARAMETERS)).reason).toBe('none')
    expect(refusal(parameters(MAX_PARAMETERS + 1)).reason).toBe('tooManyParameters')
  })

  it('counts neither quoted semicolons nor those of a value as parameters', () => {
    expect(() => checkLines(`SUMMARY;X-A="${';'.repeat(500)}":${';'.repeat(500)}\r\n`)).not.toThrow()
  })

  it(`refuses a line longer than ${MAX_LINE_CHARS / 1024} KB once unfolded, and reads a long folded one`, () => {
    const long = (chars: number) => event(folded(`DESCRIPTION:${'x'.repeat(chars - 'DESCRIPTION:'.length)}`))
    expect(refusal(long(MAX_LINE_CHARS + 1)).reason).toBe('lineTooLong')
    const [stay] = parseFeed(long(MAX_LINE_CHARS), TODAY)
    expect(stay?.description).toHaveLength(MAX_LINE_CHARS - 'DESCRIPTION:'.length)
  })
})
