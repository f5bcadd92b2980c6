import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { addDays, addMonths } from '../../src/domain/dates.ts'
import {
  dashboardFigures,
  dashboardWindow,
  monthlyFigures,
  monthsEndingWith,
  monthWindow,
  nightsFromTo,
  nightsInWindow,
  percentChange,
  periodFigures,
  weekWindow,
  windowLength,
  type StatStay,
} from '../../src/domain/statistics.ts'

/** Each test property's cost per night when its stays were first seen. */
const PRICES: Record<string, number | null> = { p: 120, f: null, c: 100, d: 400, A: 100, B: 250, C: null }

/** Stays are first seen in the order the tests make them, unless one says otherwise. */
let seen = 0
const stay = (
  propertyId: string,
  start: string,
  end: string,
  options: {
    kind?: StatStay['kind']
    cancelled?: boolean
    nightlyPrice?: number | null
    firstSeenAt?: string
  } = {},
): StatStay => ({
  propertyId,
  start,
  end,
  kind: options.kind ?? 'booking',
  cancelled: options.cancelled ?? false,
  nightlyPrice: options.nightlyPrice === undefined ? (PRICES[propertyId] ?? null) : options.nightlyPrice,
  firstSeenAt: options.firstSeenAt ?? new Date(Date.UTC(2020, 0, 1) + ++seen * 1000).toISOString(),
})

describe('nights of a stay inside a window', () => {
  const february2026 = monthWindow('2026-02')

  it('cuts a stay crossing into the month at the month start', () => {
    expect(nightsInWindow({ start: '2026-01-30', end: '2026-02-03' }, february2026)).toBe(2)
    expect(nightsInWindow({ start: '2026-01-30', end: '2026-02-03' }, monthWindow('2026-01'))).toBe(2)
  })

  it('counts nothing for a stay that checks out on the first day', () => {
    expect(nightsInWindow({ start: '2026-01-28', end: '2026-02-01' }, february2026)).toBe(0)
  })

  it('counts the whole month for a stay spanning it', () => {
    expect(nightsInWindow({ start: '2026-01-15', end: '2026-03-15' }, february2026)).toBe(28)
  })

  it('counts 29 February in a leap year', () => {
    const stayOverLeapDay = { start: '2024-02-27', end: '2024-03-02' }
    expect(nightsInWindow(stayOverLeapDay, monthWindow('2024-02'))).toBe(3)
    expect(nightsInWindow(stayOverLeapDay, monthWindow('2024-03'))).toBe(1)
  })

  it('splits a stay over new year', () => {
    const newYear = { start: '2025-12-30', end: '2026-01-02' }
    expect(nightsInWindow(newYear, monthWindow('2025-12'))).toBe(2)
    expect(nightsInWindow(newYear, monthWindow('2026-01'))).toBe(1)
  })

  it('counts nothing for a stay outside the window', () => {
    expect(nightsInWindow({ start: '2026-03-02', end: '2026-03-05' }, february2026)).toBe(0)
  })
})

describe('windows', () => {
  it('makes a month of its days, leap years included', () => {
    expect(monthWindow('2024-02')).toEqual({ start: '2024-02-01', end: '2024-03-01' })
    expect(windowLength(monthWindow('2024-02'))).toBe(29)
    expect(windowLength(monthWindow('2026-02'))).toBe(28)
    expect(windowLength(monthWindow('2100-02'))).toBe(28)
    expect(monthWindow('2025-12')).toEqual({ start: '2025-12-01', end: '2026-01-01' })
  })

  it('steps months over year ends', () => {
    expect(addMonths('2026-01', -1)).toBe('2025-12')
    expect(addMonths('2025-12', 1)).toBe('2026-01')
    expect(addMonths('2026-03', -12)).toBe('2025-03')
    expect(monthsEndingWith('2024-03', 12)).toEqual([
      '2023-04',
      '2023-05',
      '2023-06',
      '2023-07',
      '2023-08',
      '2023-09',
      '2023-10',
      '2023-11',
      '2023-12',
      '2024-01',
      '2024-02',
      '2024-03',
    ])
  })

  it('starts weeks on Sunday', () => {
    // 2024-03-13 is a Wednesday, 2024-03-10 a Sunday, 2026-01-01 a Thursday.
    expect(weekWindow('2024-03-13')).toEqual({ start: '2024-03-10', end: '2024-03-17' })
    expect(weekWindow('2024-03-10')).toEqual({ start: '2024-03-10', end: '2024-03-17' })
    expect(weekWindow('2026-01-01')).toEqual({ start: '2025-12-28', end: '2026-01-04' })
  })

  it('reads a picked range as its first and last night', () => {
    expect(nightsFromTo('2026-03-01', '2026-03-31')).toEqual({ start: '2026-03-01', end: '2026-04-01' })
    expect(windowLength(nightsFromTo('2026-03-05', '2026-03-05'))).toBe(1)
  })
})

describe('percentage difference', () => {
  it('compares with the baseline', () => {
    expect(percentChange(200, 300)).toBe(50)
    expect(percentChange(400, 100)).toBe(-75)
    expect(percentChange(3, 1)).toBe(-66.67)
    expect(percentChange(500, 500)).toBe(0)
  })

  it('defines a zero baseline: nothing to nothing is 0 %, nothing to something is +100 %', () => {
    expect(percentChange(0, 0)).toBe(0)
    expect(percentChange(0, 750)).toBe(100)
    expect(percentChange(0, 0.5)).toBe(100)
  })
})

describe('figures for a window', () => {
  const property = { id: 'p' }
  // 25 January to 4 February 2026: 11 nights.
  const window = nightsFromTo('2026-01-25', '2026-02-04')

  it('cuts stays at the edges, occupies blocks without revenue and ignores cancellations', () => {
    const stays = [
      stay('p', '2026-01-20', '2026-01-27'), // 25, 26: 2 booked nights
      stay('p', '2026-01-27', '2026-01-29', { kind: 'block' }), // 27, 28: occupied, no revenue
      stay('p', '2026-01-29', '2026-02-02', { cancelled: true }), // nothing
      stay('p', '2026-02-03', '2026-02-10'), // 3, 4: 2 booked nights
    ]
    expect(periodFigures([property], stays, window)).toEqual({
      revenue: 480, // 4 × 120
      occupancyRate: 54.55, // 6 / 11
      bookedNights: 4,
      bookings: 2,
      averageNightlyRate: 120,
    })
  })

  it('counts a night held by two platforms once, for occupancy and for revenue', () => {
    const stays = [
      stay('p', '2026-01-25', '2026-01-28'), // 3 nights on one platform
      stay('p', '2026-01-26', '2026-01-29'), // 3 nights on another, 2 of them the same
      stay('p', '2026-01-25', '2026-01-30', { kind: 'block' }), // the re-exported block: 5 nights
    ]
    const figures = periodFigures([property], stays, window)
    expect(figures.bookedNights).toBe(4) // 25, 26, 27, 28
    expect(figures.revenue).toBe(480)
    expect(figures.bookings).toBe(2)
    expect(figures.occupancyRate).toBe(45.45) // 25…29: 5 / 11
  })

  it('earns a night sold twice at the price of the sale seen first', () => {
    const stays = [
      stay('p', '2026-01-26', '2026-01-29', { nightlyPrice: 300, firstSeenAt: '2026-01-02T00:00:00.000Z' }),
      stay('p', '2026-01-25', '2026-01-28', { nightlyPrice: 100, firstSeenAt: '2026-01-01T00:00:00.000Z' }),
    ]
    // 25, 26, 27 at 100 (seen first); 28 at 300.
    expect(periodFigures([property], stays, window)).toMatchObject({ revenue: 600, bookedNights: 4 })
  })

  it('earns each stay the price in force when it was first seen', () => {
    // The same property, its price raised from 120 to 150 between the two stays.
    const stays = [
      stay('p', '2026-01-25', '2026-01-27'),
      stay('p', '2026-02-01', '2026-02-03', { nightlyPrice: 150 }),
    ]
    expect(periodFigures([property], stays, window)).toMatchObject({
      revenue: 540, // 2 × 120 + 2 × 150
      averageNightlyRate: 135,
    })
  })

  it('earns nothing for a stay first seen while its property had no cost per night', () => {
    const free = { id: 'f' }
    const figures = periodFigures([free], [stay('f', '2026-01-25', '2026-01-27')], window)
    expect(figures).toEqual({
      revenue: 0,
      occupancyRate: 18.18, // 2 / 11
      bookedNights: 2,
      bookings: 1,
      averageNightlyRate: 0,
    })
  })

  it('is all zeros without properties or without stays', () => {
    const zeros = { revenue: 0, occupancyRate: 0, bookedNights: 0, bookings: 0, averageNightlyRate: 0 }
    expect(periodFigures([], [stay('p', '2026-01-25', '2026-01-27')], window)).toEqual(zeros)
    expect(periodFigures([property], [], window)).toEqual(zeros)
  })

  it('averages the nightly rate over several properties', () => {
    const cheap = { id: 'c' }
    const dear = { id: 'd' }
    const stays = [stay('c', '2026-01-25', '2026-01-28'), stay('d', '2026-01-25', '2026-01-26')]
    // (3 × 100 + 1 × 400) / 4 nights = 175; occupancy 4 / (2 × 11) = 18.18 %.
    expect(periodFigures([cheap, dear], stays, window)).toMatchObject({
      revenue: 700,
      averageNightlyRate: 175,
      occupancyRate: 18.18,
    })
  })
})

describe('figures for a window, against counting night by night', () => {
  const window = nightsFromTo('2026-01-01', '2026-01-31')
  const dayOf = (index: number) => addDays('2025-12-25', index)

  it('counts each night of each property once, earning the price of its first sale', () => {
    const anyStay = fc.record({
      property: fc.constantFrom('A', 'B'),
      from: fc.integer({ min: 0, max: 45 }),
      nights: fc.integer({ min: 0, max: 12 }),
      kind: fc.constantFrom<StatStay['kind']>('booking', 'block'),
      price: fc.integer({ min: 0, max: 500 }),
    })
    fc.assert(
      fc.property(fc.array(anyStay, { maxLength: 40 }), (drawn) => {
        const stays = drawn.map((one) =>
          stay(one.property, dayOf(one.from), dayOf(one.from + one.nights), {
            kind: one.kind,
            nightlyPrice: one.price,
          }),
        )
        // The model: walk the stays in the order they were seen, night by night.
        const occupied = new Set<string>()
        const booked = new Map<string, number>()
        for (const { propertyId, start, end, kind, nightlyPrice } of stays)
          for (let night = start; night < end; night = addDays(night, 1)) {
            if (night < window.start || night >= window.end) continue
            occupied.add(`${propertyId} ${night}`)
            if (kind === 'booking' && !booked.has(`${propertyId} ${night}`))
              booked.set(`${propertyId} ${night}`, nightlyPrice ?? 0)
          }
        const figures = periodFigures([{ id: 'A' }, { id: 'B' }], stays, window)
        expect(figures.bookedNights).toBe(booked.size)
        expect(figures.revenue).toBe([...booked.values()].reduce((sum, price) => sum + price, 0))
        expect(figures.occupancyRate).toBe(Math.round((occupied.size / 62) * 10000) / 100)
      }),
    )
  })
})

describe('dashboard figures', () => {
  // Today is Wednesday 13 March 2024 (a leap year): this week is 10–16 March, last week 3–9 March.
  const today = '2024-03-13'
  const properties = [
    { id: 'A', createdOn: '2024-01-10' },
    { id: 'B', createdOn: '2024-03-02' },
    { id: 'C', createdOn: '2024-03-05' },
  ]
  const stays = [
    stay('A', '2024-02-27', '2024-03-02'), // February 27, 28, 29; March 1
    stay('A', '2024-03-10', '2024-03-15'), // March 10–14
    stay('A', '2024-03-14', '2024-03-20', { kind: 'block' }), // occupies 15–19 beyond the booking
    stay('B', '2024-02-10', '2024-02-12'), // February 10, 11
    stay('B', '2024-03-05', '2024-03-08', { cancelled: true }),
    stay('B', '2024-03-08', '2024-03-11'), // March 8, 9, 10
    stay('B', '2024-03-30', '2024-04-04'), // March 30, 31
    stay('C', '2024-03-01', '2024-03-03'), // March 1, 2, no price
  ]

  it('matches the hand computation', () => {
    // March revenue: A 6 nights × 100 + B 5 nights × 250 = 1850; February: A 3 × 100 + B 2 × 250 = 800.
    // March occupancy: A 1 + 5 + 5, B 5, C 2 = 18 of 3 × 31; February: 5 of 3 × 29.
    expect(dashboardFigures({ properties, stays, platformConnections: 4, today })).toEqual({
      monthlyRevenue: { current: 1850, percentDiffLastMonth: 131.25 },
      propertyCount: { total: 3, thisMonthIncrease: 2 },
      platformConnections: 4,
      syncingConnections: 4,
      occupancyRate: { current: 19.35, percentDiffLastMonth: 236.77 },
      // This week: A 10–14 and B's night of the 10th; last week: B's 8th and 9th.
      activeBookings: { prevWeek: 1, currWeek: 2 },
    })
  })

  it('fetches one window holding both months and both weeks', () => {
    expect(dashboardWindow(today)).toEqual({ start: '2024-02-01', end: '2024-04-01' })
    // 1 March 2026 is a Sunday: last week begins in February, still inside last month.
    expect(dashboardWindow('2026-03-01')).toEqual({ start: '2026-02-01', end: '2026-04-01' })
    // Thursday 1 January: this week began in December, and ends in January.
    expect(dashboardWindow('2026-01-01')).toEqual({ start: '2025-12-01', end: '2026-02-01' })
  })

  it('compares with an empty last month as +100 %, and nothing at all as 0 %', () => {
    const onlyMarch = [stay('A', '2024-03-10', '2024-03-12')]
    const figures = dashboardFigures({ properties, stays: onlyMarch, platformConnections: 0, today })
    expect(figures.monthlyRevenue).toEqual({ current: 200, percentDiffLastMonth: 100 })
    expect(figures.occupancyRate.percentDiffLastMonth).toBe(100)
    const empty = dashboardFigures({ properties: [], stays: [], platformConnections: 0, today })
    expect(empty).toEqual({
      monthlyRevenue: { current: 0, percentDiffLastMonth: 0 },
      propertyCount: { total: 0, thisMonthIncrease: 0 },
      platformConnections: 0,
      syncingConnections: 0,
      occupancyRate: { current: 0, percentDiffLastMonth: 0 },
      activeBookings: { prevWeek: 0, currWeek: 0 },
    })
  })

  it('gives the chart one entry per month, oldest first', () => {
    const months = monthlyFigures(properties, stays, monthsEndingWith('2024-04', 3))
    expect(months).toEqual([
      { month: '2024-02', revenue: 800, occupancyRate: 5.75 }, // 5 / 87
      { month: '2024-03', revenue: 1850, occupancyRate: 19.35 }, // 18 / 93
      { month: '2024-04', revenue: 750, occupancyRate: 3.33 }, // B 1–3 April: 3 / 90
    ])
  })
})
