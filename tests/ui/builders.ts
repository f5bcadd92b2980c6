import type { ManagedUser } from '../../src/actors/api.ts'
import type { Booking } from '../../src/domain/bookings.ts'

/** A confirmed Airbnb stay at Palm Villa, two nights from 10 March 2026. */
export const aBooking = (overrides: Partial<Booking> = {}): Booking => ({
  uid: 'uid-1',
  stayId: null,
  manual: false,
  echo: false,
  note: null,
  propertyId: 'p1',
  propertyName: 'Palm Villa',
  guestName: 'Sara Ali',
  status: 'Confirmed',
  platform: 'Airbnb',
  color: '#9E1946',
  kind: 'booking',
  conflict: false,
  feedWarning: null,
  start: '2026-03-10',
  end: '2026-03-12',
  ...overrides,
})

/** Huda's stay, entered by hand with a note. */
export const aManualStay = (overrides: Partial<Booking> = {}): Booking =>
  aBooking({
    uid: 'stay-7@manzil',
    stayId: 'stay-7',
    manual: true,
    platform: 'Manual',
    status: 'Booked',
    guestName: 'Huda Al-Harbi',
    note: 'Paid in cash\nLate check-in',
    ...overrides,
  })

/** An active host (not an admin) as the users table lists them. */
export const aUser = (overrides: Partial<ManagedUser> = {}): ManagedUser => ({
  id: 'user-1',
  name: 'Huda Al-Harbi',
  email: 'huda@example.com',
  phone: '+966 50 123 4567',
  residentalAddress: 'Riyadh, Olaya Street 12',
  accountState: 'active',
  isAdmin: false,
  createdAt: '2026-01-05T10:00:00.000Z',
  settings: { notifications: true },
  ...overrides,
})
