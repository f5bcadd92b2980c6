import { createHash } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { FeedDigest } from '../../server/sync/feedDigest.ts'

const WRITTEN_AT = /^(DTSTAMP|LAST-MODIFIED|CREATED|SEQUENCE)[:;]/i

/** The digest's rule read plainly: whole lines, each dropped or kept with what it continues. */
function expectedDigest(text: string): string {
  const lines = text.match(/[^\n]*\n|[^\n]+$/g) ?? []
  let propertyDropped = false
  const kept = lines.filter((line) => {
    if (line.startsWith(' ') || line.startsWith('\t')) return !propertyDropped
    propertyDropped = WRITTEN_AT.test(line)
    return !propertyDropped
  })
  return createHash('sha256').update(kept.join('')).digest('hex')
}

/** The digest of `text` given in chunks cut at `cuts`. */
function digestInChunks(text: string, cuts: number[]): string {
  const bytes = Buffer.from(text)
  const at = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b)
  const digest = new FeedDigest()
  let from = 0
  for (const cut of [...at, bytes.length]) {
    digest.update(bytes.subarray(from, cut))
    from = cut
  }
  return digest.digest()
}

const feed = (stamp: string, summary = 'Reserved') =>
  [
    'BEGIN:VCALENDAR',
    'BEGIN:VEVENT',
    `DTSTAMP:${stamp}`,
    'DTSTART;VALUE=DATE:20270105',
    'DTEND;VALUE=DATE:20270108',
    `SUMMARY:${summary}`,
    'UID:abc@airbnb.com',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n')

describe('the digest of what a feed says', () => {
  it('is the same for two exports that differ only in when they were written', () => {
    expect(digestInChunks(feed('20261130T081512Z'), [])).toBe(
      digestInChunks(feed('20261130T091512Z'), [7, 50]),
    )
  })

  it('differs when a stay does', () => {
    expect(digestInChunks(feed('20261130T081512Z'), [])).not.toBe(
      digestInChunks(feed('20261130T081512Z', 'Not available'), []),
    )
  })

  it('keeps a line that only begins like a stamp, and a folded stamp goes whole', () => {
    const text = 'DTSTAMPED:1\nDESCRIPTION:a\nDTSTAMP:2026\n 1130T08Z\nSUMMARY:x\n'
    expect(digestInChunks(text, [])).toBe(
      createHash('sha256').update('DTSTAMPED:1\nDESCRIPTION:a\nSUMMARY:x\n').digest('hex'),
    )
  })

  const line = fc.oneof(
    fc.constantFrom(
      'DTSTAMP:20261130T081512Z',
      'dtstamp;tzid=x:1',
      'LAST-MODIFIED:1',
      'CREATED:2',
      'SEQUENCE:0',
      'DTSTAMPX:1',
      'SEQUENCE',
      ' folded',
      '\tfolded',
      '',
      'SUMMARY:Reserved',
      'BEGIN:VEVENT',
    ),
    fc.string({ maxLength: 20 }),
  )

  it('reads any text cut into any chunks as its lines read whole', () => {
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 30 }),
        fc.constantFrom('\n', '\r\n'),
        fc.boolean(),
        fc.array(fc.nat(), { maxLength: 12 }),
        (lines, newline, endsWithNewline, cuts) => {
          const text = lines.join(newline) + (endsWithNewline ? newline : '')
          expect(digestInChunks(text, cuts)).toBe(expectedDigest(text))
        },
      ),
      { numRuns: 2000 },
    )
  })
})
