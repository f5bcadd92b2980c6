import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { cleaningEnd } from '../../server/turnover/cleanerFeed.ts'
import { vtimezoneOf } from '../../server/turnover/vtimezone.ts'

const at = (iso: string) => new Date(iso).getTime()

describe('a VTIMEZONE written from Intl', () => {
  // 2030 in Los Angeles: PST (UTC-8) until 10 March, 02:00; PDT (UTC-7) until 3 November, 02:00.
  const zone = vtimezoneOf('America/Los_Angeles', at('2030-01-01T00:00:00Z'), at('2030-12-31T00:00:00Z'))

  it('names the zone and has one observance for the offset at the start, then one per change', () => {
    const [name, properties, observances] = zone
    expect(name).toBe('vtimezone')
    expect(properties).toEqual([['tzid', {}, 'text', 'America/Los_Angeles']])
    expect(observances.map(([kind, lines]) => [kind, ...lines.map((line) => String(line[3]))])).toEqual([
      ['standard', '2029-12-31T16:00:00', '-08:00', '-08:00'],
      ['daylight', '2030-03-10T02:00:00', '-08:00', '-07:00'],
      ['standard', '2030-11-03T02:00:00', '-07:00', '-08:00'],
    ])
  })

  it('reads wall times either side of the spring change at their instants, in a reader without IANA', () => {
    const timezone = new ICAL.Timezone(new ICAL.Component(zone))
    const instant = (wall: string) => {
      const time = ICAL.Time.fromDateTimeString(wall)
      time.zone = timezone
      return time.toJSDate().toISOString()
    }
    expect(instant('2030-03-09T11:00:00')).toBe('2030-03-09T19:00:00.000Z')
    expect(instant('2030-03-10T11:00:00')).toBe('2030-03-10T18:00:00.000Z')
    expect(instant('2030-11-03T11:00:00')).toBe('2030-11-03T19:00:00.000Z')
  })

  it('writes a zone without changes as its one offset', () => {
    const [, , observances] = vtimezoneOf(
      'Asia/Riyadh',
      at('2030-01-01T00:00:00Z'),
      at('2030-12-31T00:00:00Z'),
    )
    expect(observances).toHaveLength(1)
    expect(observances[0]![1].map((line) => line[3]).slice(1)).toEqual(['+03:00', '+03:00'])
  })
})

describe('when a cleaning ends', () => {
  const cleaning = {
    date: '2030-05-03',
    checkOutTime: '11:00',
    sameDay: false,
    nextCheckIn: { stayId: 'next', date: '2030-05-06', time: '16:00' },
  }

  it('at the next check-in when a guest arrives the same day, later', () => {
    const sameDay = {
      ...cleaning,
      sameDay: true,
      nextCheckIn: { ...cleaning.nextCheckIn, date: '2030-05-03' },
    }
    expect(cleaningEnd(sameDay)).toEqual({ date: '2030-05-03', time: '16:00' })
  })

  it('four hours after the check-out when the next guest comes another day, or none does', () => {
    expect(cleaningEnd(cleaning)).toEqual({ date: '2030-05-03', time: '15:00' })
    expect(cleaningEnd({ ...cleaning, nextCheckIn: null })).toEqual({ date: '2030-05-03', time: '15:00' })
  })

  it('four hours after a same-day check-in that is not after the check-out', () => {
    const early = {
      ...cleaning,
      sameDay: true,
      nextCheckIn: { ...cleaning.nextCheckIn, date: '2030-05-03', time: '10:00' },
    }
    expect(cleaningEnd(early)).toEqual({ date: '2030-05-03', time: '15:00' })
  })

  it('on the next day when four hours pass midnight', () => {
    expect(cleaningEnd({ ...cleaning, checkOutTime: '22:30', nextCheckIn: null })).toEqual({
      date: '2030-05-04',
      time: '02:30',
    })
  })
})
