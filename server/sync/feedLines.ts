import { MAX_LINE_CHARS, MAX_PARAMETERS } from './budgets.ts'
import { FeedError } from './feedError.ts'

const LF = 0x0a
const CR = 0x0d
const SPACE = 0x20
const TAB = 0x09
const QUOTE = 0x22
const SEMICOLON = 0x3b
const COLON = 0x3a

/**
 * Refuses a feed with a line too long or with too many parameters before ical.js reads it: one
 * pass over the text, whatever its shape. A line folded over several physical lines (RFC 5545
 * 3.1: a continuation starts with a space or tab) counts as one. Parameters are the `;` before
 * the first `:` outside double quotes.
 */
export function checkLines(text: string): void {
  let length = 0
  let parameters = 0
  let inValue = false
  let quoted = false
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index)
    if (char === LF) {
      const next = text.charCodeAt(index + 1)
      if (next === SPACE || next === TAB) index++
      else {
        length = 0
        parameters = 0
        inValue = false
        quoted = false
      }
      continue
    }
    if (char === CR) continue
    if (++length > MAX_LINE_CHARS)
      throw new FeedError('lineTooLong', `a line is longer than ${MAX_LINE_CHARS} characters`)
    if (inValue) continue
    if (char === QUOTE) quoted = !quoted
    else if (quoted) continue
    else if (char === COLON) inValue = true
    else if (char === SEMICOLON && ++parameters > MAX_PARAMETERS)
      throw new FeedError('tooManyParameters', `a line has more than ${MAX_PARAMETERS} parameters`)
  }
}
