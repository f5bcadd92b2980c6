import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import CalendarRoute from '../../src/routes/calendar/CalendarRoute.tsx'
import { LOFT, VILLA, serveCalendars } from './calendarScreen.tsx'
import { renderRoute } from './render.tsx'

// The details' code loads when they first open: seconds on a busy machine.
vi.setConfig({ testTimeout: 30_000 })

// Loaded once before the tests, not within the first one's wait.
beforeAll(() => import('../../src/ui/calendar/StayDetailsDialog.tsx'))

afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

const FEEDS = {
  [VILLA.id]: [
    {
      stayId: 'stay-sara',
      start: '2031-05-10',
      end: '2031-05-13',
      summary: 'Reserved - Sara Ali',
      platform: 'Airbnb',
      status: 'Reserved',
      guest: 'Sara Ali',
      kind: 'booking' as const,
      conflict: true,
    },
    {
      stayId: 'stay-huda',
      start: '2031-05-12',
      end: '2031-05-14',
      summary: 'Booked - Huda',
      platform: 'Manual',
      status: 'Booked',
      guest: 'Huda',
      kind: 'booking' as const,
      conflict: true,
      price: 300,
    },
  ],
  [LOFT.id]: [
    {
      stayId: 'stay-omar',
      start: '2031-05-30',
      end: '2031-06-03',
      summary: 'Reserved - Omar',
      platform: 'Vrbo',
      status: 'Reserved',
      guest: 'Omar',
      kind: 'booking' as const,
    },
  ],
}

async function openAt(path: string, language: 'en' | 'ar' = 'en') {
  serveCalendars(FEEDS)
  return renderRoute(<CalendarRoute />, { path, language })
}

describe('/calendar?stay= (a stay opened from a notification or a search)', () => {
  it('opens the stay’s details on the month of its check-in, and closing takes the stay off the address', async () => {
    const view = await openAt('/calendar?stay=stay-sara')
    const dialog = await screen.findByTestId('stay-details-dialog', {}, { timeout: 8000 })
    expect(await within(dialog).findByRole('heading', { name: 'Sara Ali' }, { timeout: 8000 })).toBeTruthy()
    // The calendar behind it moved to May 2031, the stay still open.
    await waitFor(() => expect(view.currentPath()).toBe('/calendar?month=2031-05&stay=stay-sara'))
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByTestId('stay-details-dialog')).toBeNull())
    expect(view.currentPath()).toBe('/calendar?month=2031-05')
  })

  it('leaves the calendar where it is when some of the stay’s nights are in view', async () => {
    const view = await openAt('/calendar?month=2031-06&stay=stay-omar')
    const dialog = await screen.findByTestId('stay-details-dialog', {}, { timeout: 8000 })
    expect(await within(dialog).findByRole('heading', { name: 'Omar' }, { timeout: 8000 })).toBeTruthy()
    expect(view.history).toEqual(['/calendar?month=2031-06&stay=stay-omar'])
  })

  it('opens both stays of a double booking, the manual one with its price, and words the clash', async () => {
    await openAt('/calendar?stay=stay-sara,stay-huda')
    const dialog = await screen.findByTestId('stay-details-dialog', {}, { timeout: 8000 })
    expect(
      await within(dialog).findByRole('heading', { name: 'Double booking' }, { timeout: 8000 }),
    ).toBeTruthy()
    const [sara, huda] = within(dialog).getAllByTestId('stay-details')
    expect(within(sara!).getByTestId('conflict-hint').textContent).toContain(
      'A stay you entered by hand holds these nights too',
    )
    expect(within(huda!).getByTestId('stay-total').textContent).toContain('600')
  })

  it('says, in the reader’s language, that a stay the link names is not there', async () => {
    await openAt('/calendar?stay=someone-elses')
    expect((await screen.findByTestId('stay-not-found', {}, { timeout: 8000 })).textContent).toBe(
      'This stay is not in your calendar. It may have been cancelled or deleted since, or the link is not for your account.',
    )
  })

  it('says it in Arabic', async () => {
    await openAt('/calendar?stay=someone-elses', 'ar')
    expect((await screen.findByTestId('stay-not-found', {}, { timeout: 8000 })).textContent).toContain(
      'هذه الإقامة ليست في تقويمك',
    )
  })
})
