import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { multiLine, singleLine } from '../../src/domain/plainText.ts'

/** Every character a feed or a mail must not carry inside a text: controls and line separators. */
// eslint-disable-next-line no-control-regex
const BREAKS_AND_CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/
// eslint-disable-next-line no-control-regex
const CONTROLS_BUT_LF = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/

const SPECIAL = [
  ...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)),
  ...Array.from({ length: 0x21 }, (_, code) => String.fromCharCode(0x7f + code)),
  '\u2028',
  '\u2029',
  '\r\n',
]
/** Text of any characters, with the dangerous ones far more often than chance would give them. */
const anyText = fc
  .array(fc.oneof(fc.constantFrom(...SPECIAL), fc.string({ unit: 'binary', maxLength: 4 })), {
    maxLength: 30,
  })
  .map((parts) => parts.join(''))
/** Text without any of them: Arabic, emoji, bidi marks and all. */
const cleanText = fc
  .string({ unit: 'binary', maxLength: 60 })
  .map((text) => text.replace(new RegExp(BREAKS_AND_CONTROLS.source, 'g'), ''))

describe('plain text for feeds and mails', () => {
  it('makes any text one line without a control character', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(singleLine(text)).not.toMatch(BREAKS_AND_CONTROLS)
      }),
    )
  })

  it('keeps only LF as a line break in a text of several lines, and no other control character', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(multiLine(text)).not.toMatch(CONTROLS_BUT_LF)
      }),
    )
  })

  it('leaves clean text as it is, and its own output too', () => {
    fc.assert(
      fc.property(cleanText, (text) => {
        expect(singleLine(text)).toBe(text)
        expect(multiLine(text)).toBe(text)
      }),
    )
    fc.assert(
      fc.property(anyText, (text) => {
        expect(singleLine(singleLine(text))).toBe(singleLine(text))
        expect(multiLine(multiLine(text))).toBe(multiLine(text))
      }),
    )
  })

  it('turns each line break into one space, CRLF included, and a tab into a space', () => {
    expect(singleLine('A\rBEGIN:VEVENT')).toBe('A BEGIN:VEVENT')
    expect(singleLine('Sara\r\nAli\nOmar\u2028Layla\u2029Nour\u0085Huda\vMona\fRana\tHind')).toBe(
      'Sara Ali Omar Layla Nour Huda Mona Rana Hind',
    )
    expect(singleLine('\r\n\r\n')).toBe('  ')
  })

  it('turns each line break into one LF in a text of several lines', () => {
    expect(multiLine('Code 4821\r\nGate\rLift\u2028Floor 3\u0085Door\n')).toBe(
      'Code 4821\nGate\nLift\nFloor 3\nDoor\n',
    )
  })

  it('removes every other control character and DEL, and keeps bidi marks and Arabic', () => {
    expect(singleLine('Vil\u0000la\u001b[31m\u007f \u0080\u009fRawdah')).toBe('Villa[31m Rawdah')
    expect(multiLine('\u200fفيلا\u0007 الروضة')).toBe('\u200fفيلا الروضة')
  })
})
