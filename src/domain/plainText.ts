/**
 * Text as a feed or a mail may carry it. A reader splits lines on more than CRLF (a bare CR, a
 * lone LF, U+2028, U+2029, U+0085, even VT and FF), so a name holding any of them could start a
 * line of its own (an injected `BEGIN:VEVENT`, a mail header); other control characters hide or
 * garble what is shown. CRLF is one line break, not two.
 */

// Every C0 and C1 control character, DEL, and the Unicode line and paragraph separators.
// eslint-disable-next-line no-control-regex
const SPECIAL = /\r\n|[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g
const LINE_BREAKS = new Set(['\r\n', '\n', '\v', '\f', '\r', '\u0085', '\u2028', '\u2029'])

/** A tab becomes a space, so that the words it separated stay apart; other controls go. */
const withBreaksAs = (text: string, lineBreak: string) =>
  text.replace(SPECIAL, (found) => (LINE_BREAKS.has(found) ? lineBreak : found === '\t' ? ' ' : ''))

/**
 * One line (a summary, a guest's or a property's name, a calendar's name, a mail's subject):
 * each line break becomes one space, every other control character is removed.
 */
export const singleLine = (text: string): string => withBreaksAs(text, ' ')

/**
 * Text whose lines mean something (a stay's description or note): each line break becomes LF,
 * which iCalendar writes as `\n`; every other control character is removed.
 */
export const multiLine = (text: string): string => withBreaksAs(text, '\n')
