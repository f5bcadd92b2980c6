import { describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/react'
import { BookingsModal } from '../../src/ui/calendar/BookingsModal.tsx'
import { StayDetails } from '../../src/ui/calendar/StayDetails.tsx'
import { StayDetailsDialog } from '../../src/ui/calendar/StayDetailsDialog.tsx'
import { formattersFor } from '../../src/ui/common/format.ts'
import { aBooking, aManualStay } from './builders.ts'
import { aCalendar, aProperty } from './propertyBuilders.ts'
import { renderWithProviders } from './providers.tsx'

const { sar } = formattersFor('en')
const SYNCED = new Date(Date.now() - 5 * 60_000).toISOString()
const PROPERTY = aProperty({
  id: 'p1',
  externalCalendars: [
    aCalendar({ id: 'cal-airbnb', lastSyncedAt: SYNCED }),
    aCalendar({
      id: 'cal-vrbo',
      platformName: 'Vrbo',
      urlPath: 'https://www.vrbo.com/icalendar/0a1b2c.ics?nonTentative',
      lastSyncedAt: SYNCED,
      lastError: 'sync.errors.timeout',
    }),
  ],
})

const AIRBNB = aBooking({
  uid: 'airbnb-1',
  guestName: 'Blocked',
  status: 'Reserved',
  start: '2030-03-10',
  end: '2030-03-14',
  nightlyPrice: 450,
  calendarId: 'cal-airbnb',
  description:
    'Reservation URL: https://www.airbnb.com/hosting/reservations/details/HMQ4XK2Z9P\nPhone Number (Last 4 Digits): 4821',
})

const MANUAL = aManualStay({
  description: 'Paid in cash\nLate check-in',
  calendarId: null,
  nightlyPrice: null,
})

/** Each term of a details list with the text of its description. */
const fields = (element: HTMLElement) =>
  Object.fromEntries(
    within(element)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  )

describe('the details of a stay', () => {
  it("says which nights of a closure partly synced from Manzil are the platform's own, and prices only those", async () => {
    const closure = aBooking({
      uid: 'booking-1',
      platform: 'Booking.com',
      status: 'Not available',
      kind: 'booking',
      start: '2031-02-05',
      end: '2031-02-10',
      nightlyPrice: 100,
      echoRuns: [{ start: '2031-02-05', end: '2031-02-07' }],
    })
    await renderWithProviders(<StayDetails booking={closure} bookings={[closure]} properties={[PROPERTY]} />)
    // Intl writes the ranges with thin spaces around the dash.
    expect(screen.getByTestId('part-echo').textContent).toMatch(
      /^Synced from ManzilOnly some nights are synced from Manzil \(5\s–\s6 Feb 2031\): Booking\.com's own are 7\s–\s9 Feb 2031\.$/u,
    )
    expect(fields(document.body)).toMatchObject({ Nights: '3 nights', Total: sar(300) })
  })

  it('shows an Airbnb stay: nights, price and total, the reservation link and code, the phone, the feed', async () => {
    await renderWithProviders(<StayDetails booking={AIRBNB} bookings={[AIRBNB]} properties={[PROPERTY]} />)
    expect(fields(document.body)).toMatchObject({
      Property: 'Palm Villa',
      Status: 'Reserved',
      Platform: 'Airbnb',
      Start: '10 Mar 2030',
      End: '14 Mar 2030',
      Nights: '4 nights',
      'Nightly price': `${sar(450)} per night`,
      Total: sar(1800),
      "Guest's phone": 'ending in 4821',
    })
    const link = screen.getByRole('link', { name: /Open on Airbnb/ })
    expect(link.getAttribute('href')).toBe('https://www.airbnb.com/hosting/reservations/details/HMQ4XK2Z9P')
    expect(link.getAttribute('target')).toBe('_blank')
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
    expect(screen.getByTestId('stay-reservation').textContent).toContain('Code HMQ4XK2Z9P')
    // The platform it came from, not the feed's host and port (nor the link's secret path).
    const feed = screen.getByTestId('stay-feed').textContent
    expect(feed).toBe('AirbnbSynced 5 minutes ago')
    expect(feed).not.toContain('airbnb.com')
    expect(screen.queryByTestId('stay-conflicts')).toBeNull()
  })

  it('says so when the price is not known, and shows no total', async () => {
    const unpriced = { ...AIRBNB, nightlyPrice: null }
    await renderWithProviders(
      <StayDetails booking={unpriced} bookings={[unpriced]} properties={[PROPERTY]} />,
    )
    expect(screen.getByTestId('stay-price').textContent).toBe('Not set')
    expect(screen.queryByTestId('stay-total')).toBeNull()
  })

  it('shows a manual stay with its note, "Entered by hand", and Edit and Delete', async () => {
    const onEdit = vi.fn()
    const onDelete = vi.fn()
    await renderWithProviders(
      <StayDetails
        booking={MANUAL}
        bookings={[MANUAL]}
        properties={[PROPERTY]}
        onEdit={onEdit}
        onDelete={onDelete}
      />,
    )
    expect(fields(document.body)).toMatchObject({
      Guest: 'Huda Al-Harbi',
      Platform: 'Manual',
      Note: 'Paid in cash\nLate check-in',
      'Came from': 'Entered by hand in Manzil',
      'Nightly price': 'Not set',
    })
    // The note is not shown a second time as the feed's notes, and a manual stay has no link.
    expect(screen.queryByTestId('stay-feed-text')).toBeNull()
    expect(screen.queryByRole('link')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }))
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }))
    expect(onEdit).toHaveBeenCalledWith(MANUAL)
    expect(onDelete).toHaveBeenCalledWith(MANUAL)
  })

  it('names the other stay of a conflict, and the failing feed it came from', async () => {
    const airbnb = { ...AIRBNB, conflict: true }
    const vrbo = aBooking({
      uid: 'vrbo-1',
      conflict: true,
      platform: 'Vrbo',
      guestName: 'Layla Haddad',
      status: 'Reserved',
      calendarId: 'cal-vrbo',
      start: '2030-03-12',
      end: '2030-03-16',
    })
    const other = aBooking({ uid: 'other', platform: 'Vrbo', start: '2030-03-12', end: '2030-03-13' })
    await renderWithProviders(
      <StayDetails booking={vrbo} bookings={[airbnb, vrbo, other]} properties={[PROPERTY]} />,
    )
    expect(screen.getByText('These nights are booked on two platforms')).toBeTruthy()
    const conflicts = within(screen.getByTestId('stay-conflicts')).getAllByRole('listitem')
    expect(conflicts.map((item) => item.textContent)).toEqual([
      'Reservation · Airbnb · 10 Mar 2030 – 14 Mar 2030',
    ])
    expect(screen.getByTestId('stay-feed').textContent).toContain(
      'The calendar did not answer within 10 seconds',
    )
  })

  it('shows a link that is not on the platform’s own host as text, never as a link', async () => {
    const hostile = {
      ...AIRBNB,
      description: 'Reservation URL: https://airbnb.com.evil.example/hosting/reservations/details/HM1',
    }
    await renderWithProviders(<StayDetails booking={hostile} bookings={[hostile]} properties={[PROPERTY]} />)
    expect(screen.queryByRole('link')).toBeNull()
    expect(screen.getByTestId('stay-feed-text').textContent).toBe(
      'Reservation URL: https://airbnb.com.evil.example/hosting/reservations/details/HM1',
    )
  })

  it('writes the amounts, nights and dates in Arabic', async () => {
    await renderWithProviders(<StayDetails booking={AIRBNB} bookings={[AIRBNB]} properties={[PROPERTY]} />, {
      language: 'ar',
    })
    const format = formattersFor('ar')
    expect(screen.getByTestId('stay-total').textContent).toBe(format.sar(1800))
    expect(screen.getByTestId('stay-nights').textContent).toBe('٤ ليالٍ')
    expect(screen.getByRole('link', { name: /فتح على Airbnb/ })).toBeTruthy()
    expect(screen.getByTestId('stay-feed').textContent).toBe('Airbnbآخر مزامنة قبل ٥ دقائق')
  })

  it('words a clash with a stay entered by hand as such, on either side, in English and Arabic', async () => {
    const airbnb = { ...AIRBNB, conflict: true }
    const manual = aManualStay({ uid: 'manual-1', conflict: true, start: '2030-03-12', end: '2030-03-15' })
    const hint = async (booking: typeof AIRBNB, language: 'en' | 'ar' = 'en') => {
      const view = await renderWithProviders(
        <StayDetails booking={booking} bookings={[airbnb, manual]} properties={[PROPERTY]} />,
        { language },
      )
      // After the red "Conflict" badge.
      const text = screen.getByTestId('conflict-hint').lastChild?.textContent
      view.unmount()
      return text
    }
    expect(await hint(airbnb)).toBe('A stay you entered by hand holds these nights too')
    expect(await hint(manual)).toBe(
      'You entered this stay by hand, and a platform’s booking holds these nights too',
    )
    expect(await hint(airbnb, 'ar')).toBe('إقامة أدخلتها يدويًا تشغل هذه الليالي أيضًا')
    expect(await hint(airbnb)).not.toContain('two platforms')
  })
})

describe('the stay details dialog', () => {
  it('opens for a stay with its title, and closes', async () => {
    const onClose = vi.fn()
    await renderWithProviders(
      <StayDetailsDialog stays={[AIRBNB]} bookings={[AIRBNB]} properties={[PROPERTY]} onClose={onClose} />,
    )
    const dialog = await screen.findByTestId('stay-details-dialog')
    expect(within(dialog).getByRole('heading').textContent).toBe('Reservation')
    expect(within(dialog).getByTestId('stay-total').textContent).toBe(sar(1800))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
    expect(onClose).toHaveBeenCalled()
  })

  it('names a Booking.com sale written as a closure as that platform’s reservation, in English and Arabic', async () => {
    const sale = aBooking({
      uid: 'booking-sale',
      platform: 'Booking.com',
      guestName: 'Blocked',
      status: 'Not available',
      kind: 'booking',
    })
    for (const [language, title, guest, status] of [
      ['en', 'Booking.com reservation', 'Not named by Booking.com', 'Reservation'],
      ['ar', 'حجز على Booking.com', 'لم يذكر Booking.com اسمه', 'حجز'],
    ] as const) {
      const { unmount } = await renderWithProviders(
        <StayDetailsDialog stays={[sale]} bookings={[sale]} properties={[PROPERTY]} onClose={() => {}} />,
        { language },
      )
      const dialog = await screen.findByTestId('stay-details-dialog')
      expect(within(dialog).getByRole('heading').textContent).toBe(title)
      expect(within(dialog).getByTestId('stay-guest').textContent).toBe(guest)
      // No "Not available" beside the sale it is.
      expect(dialog.textContent).not.toMatch(/Not available|Unknown guest|غير متاح|ضيف غير معروف/)
      expect(within(dialog).getByText(status)).toBeTruthy()
      unmount()
    }
  })

  it('names a platform’s rule by the rule, with no guest', async () => {
    const rule = aBooking({
      uid: 'rule-1',
      guestName: 'Blocked',
      status: 'Blocked',
      kind: 'block',
      rule: 'notice',
    })
    await renderWithProviders(
      <StayDetailsDialog stays={[rule]} bookings={[rule]} properties={[PROPERTY]} onClose={() => {}} />,
    )
    const dialog = await screen.findByTestId('stay-details-dialog')
    expect(within(dialog).getByRole('heading').textContent).toBe('Airbnb notice period')
    expect(within(dialog).queryByTestId('stay-guest')).toBeNull()
    expect(Object.keys(fields(dialog))).not.toContain('Guest')
    expect(fields(dialog)).toMatchObject({ Status: 'Platform rule' })
  })

  it('shows both stays of a double booking, and says so when a linked stay is not there, in English and Arabic', async () => {
    const airbnb = { ...AIRBNB, conflict: true }
    const manual = aManualStay({ uid: 'manual-1', conflict: true, start: '2030-03-12', end: '2030-03-15' })
    const both = await renderWithProviders(
      <StayDetailsDialog
        stays={[airbnb, manual]}
        bookings={[airbnb, manual]}
        properties={[PROPERTY]}
        onClose={() => {}}
      />,
    )
    const dialog = await screen.findByTestId('stay-details-dialog')
    expect(within(dialog).getByRole('heading').textContent).toBe('Double booking')
    expect(within(dialog).getAllByTestId('stay-details')).toHaveLength(2)
    both.unmount()

    const missing = await renderWithProviders(
      <StayDetailsDialog
        stays={[]}
        problem="missing"
        bookings={[]}
        properties={[PROPERTY]}
        onClose={() => {}}
      />,
    )
    expect((await screen.findByTestId('stay-not-found')).textContent).toContain(
      'This stay is not in your calendar',
    )
    expect(screen.getByRole('heading').textContent).toBe('Stay not found')
    missing.unmount()
    await renderWithProviders(
      <StayDetailsDialog
        stays={[]}
        problem="missing"
        bookings={[]}
        properties={[PROPERTY]}
        onClose={() => {}}
      />,
      { language: 'ar' },
    )
    expect((await screen.findByRole('heading')).textContent).toBe('لم يُعثر على الإقامة')
  })

  it('is closed without a stay', async () => {
    await renderWithProviders(
      <StayDetailsDialog stays={[]} bookings={[]} properties={[PROPERTY]} onClose={() => {}} />,
    )
    expect(screen.queryByTestId('stay-details-dialog')).toBeNull()
  })
})

describe('the bookings modal: details in place', () => {
  it('shows the only stay of a day in full', async () => {
    await renderWithProviders(
      <BookingsModal day="2030-03-10" bookings={[AIRBNB]} properties={[PROPERTY]} onClose={() => {}} />,
    )
    const details = within(await screen.findByTestId('bookings-modal')).getByTestId('booking-details')
    expect(within(details).getByTestId('stay-total').textContent).toBe(sar(1800))
    expect(within(details).queryByRole('button', { name: 'Show details' })).toBeNull()
  })

  it('folds the details of each of several stays, and unfolds one in place', async () => {
    const vrbo = aBooking({
      uid: 'vrbo-1',
      platform: 'Vrbo',
      nightlyPrice: 300,
      start: '2030-03-09',
      end: '2030-03-11',
    })
    await renderWithProviders(
      <BookingsModal day="2030-03-10" bookings={[AIRBNB, vrbo]} properties={[PROPERTY]} onClose={() => {}} />,
    )
    const [first, second] = within(await screen.findByTestId('bookings-modal')).getAllByTestId(
      'booking-details',
    )
    expect(within(first!).queryByTestId('stay-total')).toBeNull()
    const show = within(first!).getByRole('button', { name: 'Show details' })
    expect(show.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(show)
    expect(within(first!).getByTestId('stay-total').textContent).toBe(sar(1800))
    expect(within(first!).getByRole('button', { name: 'Hide details' }).getAttribute('aria-expanded')).toBe(
      'true',
    )
    expect(within(second!).queryByTestId('stay-total')).toBeNull()
  })
})
