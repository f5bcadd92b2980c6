import { describe, expect, it } from 'vitest'
import { summariseGuests, type GuestStay } from '../../src/domain/guests.ts'

const stay = (guestName: string, start: string, end: string, more: Partial<GuestStay> = {}): GuestStay => ({
  guestName,
  start,
  end,
  kind: 'booking',
  cancelled: false,
  nightlyPrice: 100,
  ...more,
})

describe('guests from bookings', () => {
  const today = '2026-03-10'

  it('keys guests by name whatever the case and spacing, showing the latest spelling', () => {
    const guests = summariseGuests(
      [
        stay('SARA  Ali', '2026-02-01', '2026-02-04'), // 3 × 100
        stay('Sara Ali', '2026-03-20', '2026-03-22', { nightlyPrice: 200 }), // 2 × 200
        stay('sara ali', '2026-01-05', '2026-01-06'), // 1 × 100
      ],
      today,
    )
    expect(guests).toEqual([
      {
        name: 'Sara Ali',
        email: null,
        phone: null,
        totalBookings: 3,
        lastStay: '2026-02-01',
        nextStay: '2026-03-20',
        totalSpent: 800,
      },
    ])
  })

  it('counts a stay under way as the last stay', () => {
    const [guest] = summariseGuests([stay('Omar', '2026-03-08', '2026-03-12')], today)
    expect(guest).toMatchObject({ lastStay: '2026-03-08', nextStay: null, totalSpent: 400 })
  })

  it('leaves out blocks, cancellations, the "Blocked" default and blank names', () => {
    const guests = summariseGuests(
      [
        stay('Blocked', '2026-03-01', '2026-03-03'),
        stay('blocked', '2026-03-01', '2026-03-03'),
        stay('Closed', '2026-03-01', '2026-03-03', { kind: 'block' }),
        stay('Gone', '2026-03-01', '2026-03-03', { cancelled: true }),
        stay('  ', '2026-03-01', '2026-03-03'),
        stay('Lina', '2026-04-01', '2026-04-02', { nightlyPrice: null }),
      ],
      today,
    )
    expect(guests).toEqual([
      {
        name: 'Lina',
        email: null,
        phone: null,
        totalBookings: 1,
        lastStay: null,
        nextStay: '2026-04-01',
        totalSpent: 0,
      },
    ])
  })

  it('sorts by name', () => {
    const names = summariseGuests(
      [stay('Zaid', '2026-01-01', '2026-01-02'), stay('amal', '2026-01-01', '2026-01-02')],
      today,
    ).map((guest) => guest.name)
    expect(names).toEqual(['amal', 'Zaid'])
  })
})
