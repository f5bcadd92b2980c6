import ICAL from 'ical.js'

/** An event of an owner's feed or stay list page, as the tests read it. */
export type OwnerEvent = { stayId: string; property: string; conflict: boolean; start: string; end: string }

/** The events of an owner's feed text, in its order. */
export function eventsOf(text: string): OwnerEvent[] {
  return new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((vevent) => ({
    stayId: String(vevent.getFirstPropertyValue('uid')).replace(/@manzil$/, ''),
    property: String(vevent.getFirstPropertyValue('x-manzil-property')),
    conflict: vevent.getFirstPropertyValue('x-manzil-conflict') !== null,
    start: String(vevent.getFirstPropertyValue('dtstart')),
    end: String(vevent.getFirstPropertyValue('dtend')),
  }))
}
