/** How deep a JSON body may nest; the API's own bodies need 3 (docs/product.md §13.3). */
export const MAX_JSON_DEPTH = 64

/**
 * Whether JSON text opens more than `max` objects and arrays inside one another, read in one pass
 * without parsing: brackets inside strings do not count. Malformed text is left to the parser.
 */
export function exceedsJsonDepth(text: string, max: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i)
    if (inString) {
      // A backslash escapes the next character; a quote ends the string.
      if (char === 0x5c) i++
      else if (char === 0x22) inString = false
    } else if (char === 0x22) inString = true
    else if (char === 0x7b || char === 0x5b) {
      if (++depth > max) return true
    } else if (char === 0x7d || char === 0x5d) depth--
  }
  return false
}
