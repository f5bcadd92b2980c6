import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import toast from 'react-hot-toast'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fromPromise } from 'xstate'
import { addDays, localToday, type DateOnly } from '../../src/domain/dates.ts'
import { feedWindowFor } from '../../src/features/calendar/feedPaths.ts'
import type { SaveStayInput } from '../../src/machines/calendar/manualStay.ts'
import { formattersFor } from '../../src/ui/common/format.ts'
import {
  LOFT,
  VILLA,
  openDay,
  pickStayDates,
  renderCalendar,
  serveCalendars,
  type ExportedStay,
} from './calendarScreen.tsx'

// The whole calendar renders, and the date pickers are walked month by month as a person would.
vi.setConfig({ testTimeout: 30_000 })

const today = localToday()
const day = (offset: number) => addDays(today, offset)
const dates = (start: DateOnly, end: DateOnly, format = formattersFor('en')) =>
  `${format.date(start)} – ${format.date(end)}`

/** Huda's Airbnb booking at Palm Villa, in three days for three nights. */
const AIRBNB: ExportedStay = {
  stayId: 'airbnb-1',
  start: day(3),
  end: day(6),
  summary: 'Reserved - Huda Mansour',
  platform: 'Airbnb',
  status: 'Reserved',
  guest: 'Huda Mansour',
  kind: 'booking',
}
/** Airbnb's mirror of a night Manzil exported to it: never a second sale. */
const ECHO: ExportedStay = {
  stayId: 'echo-1',
  start: day(6),
  end: day(8),
  summary: 'Airbnb (Not available)',
  platform: 'Airbnb',
  status: 'Blocked',
  kind: 'block',
  echo: true,
}
/** A block the host entered by hand. */
const MANUAL: ExportedStay = {
  stayId: 'manual-1',
  start: day(10),
  end: day(12),
  summary: 'Blocked',
  platform: 'Manual',
  status: 'Blocked',
  kind: 'block',
  note: 'Painting',
}

const dialog = () => screen.getByTestId('manual-stay-dialog')
// The dialog's code loads when it first opens; on a busy machine that outlasts findBy's second.
const opened = () => screen.findByTestId('manual-stay-dialog', undefined, { timeout: 10_000 })
const warning = () => within(dialog()).queryByTestId('stay-nights-taken')

afterEach(() => {
  toast.remove()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

/** /calendar over these feeds, saving through a fake that records what it was asked to save. */
async function renderWithFeeds(feeds: Record<string, ExportedStay[]>, language: 'en' | 'ar' = 'en') {
  serveCalendars(feeds)
  const saved: SaveStayInput[] = []
  await renderCalendar({
    language,
    manualStay: {
      actors: {
        saveStay: fromPromise<unknown, SaveStayInput>(async ({ input }) => {
          saved.push(input)
        }),
      },
    },
  })
  return saved
}

describe('the stay dialog, before saving', () => {
  it('names the stays already holding the chosen nights, follows the property, and still saves', async () => {
    const user = userEvent.setup()
    const saved = await renderWithFeeds({ [VILLA.id]: [AIRBNB, ECHO] })
    await user.click(screen.getByTestId('add-stay'))
    await opened()
    // Tonight at Palm Villa is free.
    expect(warning()).toBeNull()

    await pickStayDates(user, { start: day(4), end: day(8) })
    const taken = warning()!
    expect(taken.textContent).toContain('These nights are already taken:')
    expect(
      within(taken)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([`Huda Mansour · Airbnb · ${dates(day(3), day(6))}`])
    expect(taken.textContent).toContain('Saving makes a double booking.')
    expect(taken.closest('[aria-live="polite"]')).not.toBeNull()

    // Corniche Loft has none of these nights taken; back at Palm Villa, Huda's are again.
    await user.selectOptions(within(dialog()).getByLabelText('Property'), LOFT.id)
    expect(warning()).toBeNull()
    await user.selectOptions(within(dialog()).getByLabelText('Property'), VILLA.id)
    expect(warning()).not.toBeNull()

    // A warning, not a refusal: the host may be recording what happened.
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }))
    await vi.waitFor(() => expect(saved).toHaveLength(1))
    expect(saved[0]).toMatchObject({ propertyId: VILLA.id, values: { start: day(4), end: day(8) } })
  })

  it("checks nights in months the calendar has not read against their property's stays alone", async () => {
    const user = userEvent.setup()
    const later = { ...AIRBNB, stayId: 'airbnb-later', start: day(95), end: day(98) }
    const fetched = serveCalendars({ [VILLA.id]: [later], [LOFT.id]: [{ ...later, stayId: 'loft-later' }] })
    await renderCalendar()
    await user.click(screen.getByTestId('add-stay'))
    await opened()
    await pickStayDates(user, { start: day(96), end: day(97) })
    await vi.waitFor(() => expect(warning()).not.toBeNull())
    expect(
      within(warning()!)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([`Huda Mansour · Airbnb · ${dates(day(95), day(98))}`])
    // The nights' months were read for Palm Villa only, never for every property.
    const { from } = feedWindowFor(day(96), day(96))
    const ofNights = fetched.filter((path) => path.includes(`from=${from}`))
    expect(ofNights.length).toBeGreaterThan(0)
    expect(ofNights.every((path) => path.includes(`property=${VILLA.id}`))).toBe(true)
  })

  it('says nothing of the nights a check-out frees on the day of the check-in', async () => {
    const user = userEvent.setup()
    await renderWithFeeds({ [VILLA.id]: [AIRBNB] })
    await user.click(screen.getByTestId('add-stay'))
    await opened()
    await pickStayDates(user, { start: day(6), end: day(7) })
    expect(warning()).toBeNull()
  })

  it('does not count the stay being edited, but does the nights it moves onto', async () => {
    const user = userEvent.setup()
    await renderWithFeeds({ [VILLA.id]: [AIRBNB, MANUAL] })
    const modal = await openDay(user, MANUAL.start)
    const manual = within(modal)
      .getAllByTestId('booking-details')
      .find((details) => details.dataset.manual === 'true')!
    await user.click(within(manual).getByRole('button', { name: 'Edit' }))
    await opened()
    expect(warning()).toBeNull()

    await pickStayDates(user, { start: day(5), end: day(11) })
    expect(
      within(warning()!)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([`Huda Mansour · Airbnb · ${dates(day(3), day(6))}`])
  })

  it('warns in Arabic as soon as it opens on a night already sold', async () => {
    const user = userEvent.setup()
    await renderWithFeeds({ [VILLA.id]: [{ ...AIRBNB, start: day(-1), end: day(2) }] }, 'ar')
    await user.click(screen.getByTestId('add-stay'))
    await opened()
    const taken = warning()!
    expect(taken.textContent).toContain('هذه الليالي محجوزة بالفعل:')
    expect(within(taken).getByRole('listitem').textContent).toBe(
      `Huda Mansour، Airbnb، ${dates(day(-1), day(2), formattersFor('ar'))}`,
    )
    expect(taken.textContent).toContain('سيؤدي الحفظ إلى حجز مزدوج.')
  })

  it('says so when the stays have not loaded, so the nights went unchecked', async () => {
    const user = userEvent.setup()
    serveCalendars({})
    vi.mocked(fetch).mockImplementation(async () => new Response('', { status: 500 }))
    vi.spyOn(console, 'error').mockImplementation(() => {})
    await renderCalendar()
    await user.click(screen.getByTestId('add-stay'))
    await opened()
    expect(within(dialog()).getByTestId('stay-nights-unchecked').textContent).toBe(
      "This property's calendar has not loaded, so these nights could not be checked against its other stays.",
    )
  })
})
