/**
 * A small RFC 5545 reader for the browser: content lines into components, nothing more. The
 * screens only read the stays of a feed (dates, texts, Manzil's X- fields), so ical.js (a third
 * of the dashboard's JavaScript) stays on the server; docs/decisions.md says why.
 */
export type ICalProperty = { name: string; params: Readonly<Record<string, string>>; value: string }
export type ICalComponent = { name: string; properties: ICalProperty[]; components: ICalComponent[] }

/**
 * NAME;PARAM=value;PARAM="quoted: value":the value. Names upper case; throws without a colon. A
 * line without a quote before its first colon (every line of our own export) is cut at that colon
 * and its semicolons, which no unquoted parameter may hold, by index, without slicing a head to
 * split: a portfolio's month is some 50,000 lines. A quoted one is read a character at a time.
 */
function parseLine(line: string): ICalProperty {
  const colon = line.indexOf(':')
  const quote = line.indexOf('"')
  if (quote >= 0 && (colon < 0 || quote < colon)) return parseQuotedLine(line)
  if (colon < 0) throw notALine(line)
  let semicolon = line.indexOf(';')
  if (semicolon > colon) semicolon = -1
  const name = line.slice(0, semicolon < 0 ? colon : semicolon).toUpperCase()
  if (name === '') throw notALine(line)
  return {
    name,
    params: semicolon < 0 ? NO_PARAMS : paramsOf(line.slice(semicolon + 1, colon)),
    value: line.slice(colon + 1),
  }
}

/**
 * The parameters seen, by their text: a feed repeats a few (";VALUE=TEXT" on half of a
 * portfolio's 50,000 lines), and one object for each text spares as many objects made and
 * collected. Never written to; only short texts, and a bounded number of them, are kept.
 */
const seenParams = new Map<string, Readonly<Record<string, string>>>()
const SEEN_PARAMS_MAX = 256
const SEEN_PARAM_TEXT_MAX = 64

function paramsOf(text: string): Readonly<Record<string, string>> {
  const seen = seenParams.get(text)
  if (seen) return seen
  const read: Record<string, string> = {}
  for (let at = 0; at <= text.length;) {
    let end = text.indexOf(';', at)
    if (end < 0) end = text.length
    // Looked for within the parameter alone: a search of the rest of the line for each of a
    // hostile line's million parameters would take its square.
    const param = text.slice(at, end)
    const equals = param.indexOf('=')
    read[(equals < 0 ? param : param.slice(0, equals)).toUpperCase()] =
      equals < 0 ? '' : param.slice(equals + 1)
    at = end + 1
  }
  const params = Object.freeze(read)
  if (text.length <= SEEN_PARAM_TEXT_MAX && seenParams.size < SEEN_PARAMS_MAX) seenParams.set(text, params)
  return params
}

/** The parameters of every line that has none: one object, never written to. */
const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze({})

const notALine = (line: string) => new Error(`Not an iCalendar line: ${line.slice(0, 40)}`)

function parseQuotedLine(line: string): ICalProperty {
  let index = 0
  const until = (stops: string) => {
    const start = index
    let quoted = false
    while (index < line.length && (quoted || !stops.includes(line.charAt(index)))) {
      if (line.charAt(index) === '"') quoted = !quoted
      index++
    }
    return line.slice(start, index)
  }
  const name = until(';:').toUpperCase()
  const params: Record<string, string> = {}
  while (line.charAt(index) === ';') {
    index++
    const [key = '', ...value] = until(';:').split('=')
    params[key.toUpperCase()] = value.join('=').replace(/^"(.*)"$/, '$1')
  }
  if (line.charAt(index) !== ':' || name === '') throw notALine(line)
  return { name, params, value: line.slice(index + 1) }
}

const FOLD = /\n[ \t]/
const CR = 13
const SPACE = 32
const TILDE = 126

/** Every top-level component of the text; throws when it is not well-formed iCalendar. */
export function parseICalendar(text: string): ICalComponent[] {
  const roots: ICalComponent[] = []
  const open: ICalComponent[] = []
  // Unfolding: a line break followed by one space or tab continues the line. A text with no such
  // line (Manzil's own feed folds none) is not copied to unfold nothing.
  const unfolded = FOLD.test(text) ? text.replace(/\r?\n[ \t]/g, '') : text
  for (const split of unfolded.split('\n')) {
    const line = split.charCodeAt(split.length - 1) === CR ? split.slice(0, -1) : split
    // Only a line that starts with white space (ASCII's, or another script's) can be blank but
    // not empty: a property's name, ASCII letters, is not trimmed for each of 50,000 lines.
    const first = line.charCodeAt(0)
    if (line.length === 0 || ((first <= SPACE || first > TILDE) && line.trim() === '')) continue
    const property = parseLine(line)
    const current = open.at(-1)
    if (property.name === 'BEGIN') {
      const component = { name: property.value.toUpperCase(), properties: [], components: [] }
      ;(current ? current.components : roots).push(component)
      open.push(component)
    } else if (property.name === 'END') {
      if (current?.name !== property.value.toUpperCase()) throw new Error(`Unexpected END:${property.value}`)
      open.pop()
    } else if (current) current.properties.push(property)
    else throw new Error('A property outside any component')
  }
  if (open.length > 0) throw new Error(`Unterminated ${open.at(-1)?.name}`)
  if (roots.length === 0) throw new Error('No iCalendar component')
  return roots
}

/** A component's properties by name (upper case), the first of each name: read once, looked up often. */
export type ICalProperties = ReadonlyMap<string, ICalProperty>

export function propertiesByName(component: ICalComponent): ICalProperties {
  const byName = new Map<string, ICalProperty>()
  for (const property of component.properties)
    if (!byName.has(property.name)) byName.set(property.name, property)
  return byName
}

/** A TEXT value with its escapes (\n, \, \; \\) undone. */
export const unescapeText = (value: string): string =>
  !value.includes('\\')
    ? value
    : value.replace(/\\([\\;,nN])/g, (_, escaped: string) =>
        escaped === 'n' || escaped === 'N' ? '\n' : escaped,
      )
