import ICAL from 'ical.js'

/**
 * Some feeds write dates and times in ISO 8601's extended form (`2027-02-05`,
 * `2027-02-05T15:00:00Z`), which RFC 5545 does not allow. ical.js reads a value by slicing it at
 * the basic form's positions, so `2027-02-05` became `2027--0-2-` and the event was dropped as
 * having no start, silently: a feed that switched to that form cancelled every stay. The basic
 * form is restored before ical.js slices; a value already in it is passed on untouched.
 */
const EXTENDED = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?(Z?))?$/

const HYPHEN = 0x2d

function basicForm(value: string): string {
  // Basic-form values (nearly all) are told apart by their fifth character alone.
  if (value.charCodeAt(4) !== HYPHEN) return value
  const match = EXTENDED.exec(value)
  if (!match) return value
  const [, year, month, day, hour, minute, second = '00', utc = ''] = match
  return hour === undefined
    ? `${year}${month}${day}`
    : `${year}${month}${day}T${hour}${minute}${second}${utc}`
}

type ValueReader = { fromICAL: (value: string) => string }

// ical.js's date and date-time readers also call each other through this same table.
const values = ICAL.design.icalendar.value as Record<'date' | 'date-time', ValueReader>
for (const type of ['date', 'date-time'] as const) {
  const fromICAL = values[type].fromICAL
  values[type].fromICAL = (value: string) => fromICAL(basicForm(value))
}
