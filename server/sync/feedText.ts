/**
 * A fetched feed's bytes made text, in the parse worker. RFC 5545 3.1 folds lines at 75 octets,
 * so a fold can fall inside a multi-byte character: the folds are taken out of the bytes first,
 * and the bytes decoded after, in the charset their byte-order mark or their server names.
 */

const LF = 0x0a
const CR = 0x0d
const SPACE = 0x20
const TAB = 0x09

/** How wide a code unit is and how its bytes are read: a fold is three (or two) whole code units. */
type CodeUnits = { width: 1 | 2; littleEndian: boolean }

const BYTES: CodeUnits = { width: 1, littleEndian: false }
const UTF16LE: CodeUnits = { width: 2, littleEndian: true }
const UTF16BE: CodeUnits = { width: 2, littleEndian: false }

/**
 * The decoder for a body: a byte-order mark names its encoding whatever the server said (as
 * browsers do: servers often call every file UTF-8); otherwise the Content-Type's charset, and
 * UTF-8 when that is missing or a label TextDecoder does not know.
 */
function decoderFor(bytes: Uint8Array, charset: string | null): TextDecoder {
  const [first, second, third] = bytes
  if (first === 0xef && second === 0xbb && third === 0xbf) return new TextDecoder('utf-8')
  if (first === 0xff && second === 0xfe) return new TextDecoder('utf-16le')
  if (first === 0xfe && second === 0xff) return new TextDecoder('utf-16be')
  if (charset !== null) {
    try {
      return new TextDecoder(charset)
    } catch {
      // An unknown label (RangeError): read as UTF-8, the format's own default.
    }
  }
  return new TextDecoder('utf-8')
}

/**
 * Every encoding TextDecoder knows writes CR, LF, space and tab as those single bytes, and never
 * uses those bytes inside another character, except UTF-16, where they are code units of two
 * bytes and 0A 20 can be half of one letter and half of the next.
 */
function codeUnitsOf(encoding: string): CodeUnits {
  if (encoding === 'utf-16le') return UTF16LE
  if (encoding === 'utf-16be') return UTF16BE
  return BYTES
}

/**
 * Takes out every fold (CRLF or a bare LF, then one space or tab) in one pass, moving each kept
 * run of bytes down once; returns the unfolded start of `bytes`. It writes over `bytes`: the
 * worker owns the copy it was sent, and a second buffer of up to the size cap is not needed.
 */
function unfoldInPlace(bytes: Uint8Array, { width, littleEndian }: CodeUnits): Uint8Array {
  const unitAt =
    width === 1
      ? (index: number) => bytes[index] as number
      : littleEndian
        ? (index: number) => (bytes[index] as number) | ((bytes[index + 1] as number) << 8)
        : (index: number) => ((bytes[index] as number) << 8) | (bytes[index + 1] as number)
  // Line feeds are found by their 0A byte (the native search is many times faster than a loop
  // over every byte); in UTF-16 that byte is the low one of its code unit, second in big-endian.
  const lowByte = width === 2 && !littleEndian ? 1 : 0
  const units = bytes.length - (bytes.length % width)
  let kept = 0
  let runStart = 0
  for (let found = bytes.indexOf(LF, lowByte); found !== -1; found = bytes.indexOf(LF, found + 1)) {
    const index = found - lowByte
    if (index + 2 * width > units) break
    if (index % width !== 0 || unitAt(index) !== LF) continue
    const next = unitAt(index + width)
    if (next !== SPACE && next !== TAB) continue
    const foldStart = index - width >= runStart && unitAt(index - width) === CR ? index - width : index
    if (kept !== runStart) bytes.copyWithin(kept, runStart, foldStart)
    kept += foldStart - runStart
    runStart = index + 2 * width
  }
  if (kept === runStart) return bytes
  bytes.copyWithin(kept, runStart)
  return bytes.subarray(0, kept + bytes.length - runStart)
}

/**
 * The text of a feed's body, its folds already taken out. `charset` is the Content-Type's
 * `charset=` parameter, if the server sent one. Overwrites `bytes` (see unfoldInPlace).
 */
export function decodeFeed(bytes: Uint8Array, charset: string | null): string {
  const decoder = decoderFor(bytes, charset)
  return decoder.decode(unfoldInPlace(bytes, codeUnitsOf(decoder.encoding)))
}
