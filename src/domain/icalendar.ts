/**
 * A small RFC 5545 reader for the browser: content lines into components, nothing more. The
 * screens only read the stays of a feed (dates, texts, Manzil's X- fields), so ical.js (a third
 * of the dashboard's JavaScript) stays on the server; docs/decisions.md says why.
 */
export type ICalProperty = { name: string; params: Record<string, string>; value: string }
export type ICalComponent = { name: string; properties: ICalProperty[]; components: ICalComponent[] }

/** NAME;PARAM=value;PARAM="quoted: value":the value. Names upper case; throws without a colon. */
function parseLine(line: string): ICalProperty {
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
  if (line.charAt(index) !== ':' || name === '')
    throw new Error(`Not an iCalendar line: ${line.slice(0, 40)}`)
  return { name, params, value: line.slice(index + 1) }
}

/** Every top-level component of the text; throws when it is not well-formed iCalendar. */
export function parseICalendar(text: string): ICalComponent[] {
  const roots: ICalComponent[] = []
  const open: ICalComponent[] = []
  // Unfolding: a line break followed by one space or tab continues the line.
  for (const line of text.replace(/\r?\n[ \t]/g, '').split(/\r?\n/)) {
    if (line.trim() === '') continue
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

export const firstProperty = (component: ICalComponent, name: string): ICalProperty | undefined =>
  component.properties.find((property) => property.name === name.toUpperCase())

/** A TEXT value with its escapes (\n, \, \; \\) undone. */
export const unescapeText = (value: string): string =>
  value.replace(/\\([\\;,nN])/g, (_, escaped: string) =>
    escaped === 'n' || escaped === 'N' ? '\n' : escaped,
  )
