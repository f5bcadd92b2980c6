import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { api } from '../../src/actors/api.ts'
import { ApiError } from '../../src/actors/http.ts'
import { addDays, localToday } from '../../src/domain/dates.ts'
import { thisMonthsWindow } from '../../src/features/bookings/bookingKeys.ts'
import { STAYS_PER_STEP } from '../../src/ui/calendar/month/StayListCard.tsx'
import CalendarRoute from '../../src/routes/calendar/CalendarRoute.tsx'
import { exportFeed, serveStays, stayAnswer } from './calendarScreen.tsx'
import { aProperty } from './propertyBuilders.ts'
import { renderRoute } from './render.tsx'

const today = localToday()

const stay = (stayId: string, propertyId: string, guest: string, start: string) => ({
  stayId,
  propertyId,
  start,
  end: addDays(start, 3),
  summary: `Reserved - ${guest}`,
  platform: 'Airbnb',
  status: 'Reserved',
  guest,
  kind: 'booking' as const,
})
const VILLA = aProperty({ id: 'villa', name: 'Palm Villa' })
const LOFT = aProperty({ id: 'loft', name: 'Corniche Loft' })

afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('/calendar', () => {
  it("has Sync now in its sync-health strip, which waits out the account's Retry-After", async () => {
    vi.spyOn(api.property, 'list').mockResolvedValue([VILLA])
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(exportFeed([]), { headers: { 'content-type': 'text/calendar' } })),
    )
    const trigger = vi
      .spyOn(api.notification, 'trigger')
      .mockRejectedValue(new ApiError('You synced a moment ago', 429, 42))

    await renderRoute(<CalendarRoute />, { path: '/calendar' })

    const button = within(screen.getByTestId('sync-health')).getByRole('button', { name: 'Sync now' })
    await userEvent.setup().click(button)
    await waitFor(() => expect(button.textContent).toBe('Sync again in 42 s'))
    expect(button.hasAttribute('disabled')).toBe(true)
    expect(trigger).toHaveBeenCalledOnce()
  })

  it("reads this month's stays from the feed of every property, and each list's first page", async () => {
    vi.spyOn(api.property, 'list').mockResolvedValue([VILLA, LOFT])
    const feed = [
      stay('s1', VILLA.id, 'Sara Ali', addDays(today, -1)),
      stay('s2', LOFT.id, 'Omar Haddad', addDays(today, 5)),
    ]
    const fetched = serveStays(feed, [VILLA, LOFT])

    await renderRoute(<CalendarRoute />, { path: '/calendar' })

    await waitFor(() =>
      expect(within(screen.getByTestId('current-stays')).getByText('Sara Ali')).toBeTruthy(),
    )
    expect(within(screen.getByTestId('upcoming-stays')).getByText('Omar Haddad')).toBeTruthy()
    const { from, to } = thisMonthsWindow(today)
    // The sync strip's import figures are read apart from the stays.
    expect(new Set(fetched.filter((path) => path !== '/api/exposure'))).toEqual(
      new Set([
        `/api/property/calendar?from=${from}&to=${to}`,
        '/api/property/calendar/stays?list=current',
        '/api/property/calendar/stays?list=upcoming',
      ]),
    )
  })

  it('offers every linked platform in its filter, whether or not the month holds its stays', async () => {
    const link = (id: string, platformName: string) => ({
      id,
      platformName,
      urlPath: `/${id}.ics`,
      lastSyncedAt: null,
      lastError: null,
      paused: false,
      unstable: false,
    })
    const linked = { ...VILLA, externalCalendars: [link('airbnb', 'Airbnb'), link('vrbo', 'Vrbo')] }
    vi.spyOn(api.property, 'list').mockResolvedValue([linked, LOFT])
    serveStays([stay('s1', VILLA.id, 'Sara Ali', addDays(today, -1))], [linked, LOFT])

    await renderRoute(<CalendarRoute />, { path: '/calendar' })

    await waitFor(() =>
      expect(within(screen.getByTestId('current-stays')).getByText('Sara Ali')).toBeTruthy(),
    )
    const options = within(screen.getByTestId('platform-filter')).getAllByRole('option')
    expect(options.map((option) => option.textContent)).toEqual(['All platforms', 'Airbnb', 'Vrbo'])
  })

  it('logs a feed that fails and shows the properties without stays, with no error', async () => {
    vi.spyOn(api.property, 'list').mockResolvedValue([VILLA, LOFT])
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('failure', { status: 500 })),
    )
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})

    await renderRoute(<CalendarRoute />, { path: '/calendar' })

    await screen.findByRole('option', { name: LOFT.name })
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith('Skipped the calendar of every property', expect.any(Error)),
    )
    expect(screen.queryByRole('alert')).toBeNull()
    // Each empty list says what it lacks.
    expect(screen.getByTestId('current-stays').textContent).toContain('No guests are staying now')
    expect(screen.getByTestId('upcoming-stays').textContent).toContain('No upcoming stays')
  })

  it('counts the whole list as the server does, and asks for its next page once the drawn stays are scrolled near', async () => {
    vi.spyOn(api.property, 'list').mockResolvedValue([VILLA, LOFT])
    const first = Array.from({ length: STAYS_PER_STEP }, (_, index) =>
      stay(`u${index}`, VILLA.id, `Guest ${index}`, addDays(today, 1 + index)),
    )
    const fetched: string[] = []
    const NEXT = '/api/property/calendar/stays?list=upcoming&after=page-2'
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) => {
        fetched.push(path)
        if (path === '/api/property/calendar/stays?list=upcoming')
          return new Response(exportFeed(first), {
            headers: { 'x-total-count': '2345', link: `<${NEXT}>; rel="next"` },
          })
        if (path === NEXT)
          return new Response(exportFeed([stay('last', LOFT.id, 'Last Guest', addDays(today, 90))]), {
            headers: { 'x-total-count': '2345' },
          })
        return stayAnswer(path, [], [VILLA, LOFT])
      }),
    )

    await renderRoute(<CalendarRoute />, { path: '/calendar' })

    const upcoming = await screen.findByTestId('upcoming-stays')
    await waitFor(() => expect(within(upcoming).getByText('Guest 0')).toBeTruthy())
    expect(upcoming.querySelector('header span')?.textContent).toBe('2,345')
    expect(fetched).not.toContain(NEXT)
    // jsdom lays nothing out: every list is "near its end" when scrolled.
    fireEvent.scroll(within(upcoming).getByRole('list'))
    await waitFor(() => expect(within(upcoming).getByText('Last Guest')).toBeTruthy())
    expect(fetched.filter((path) => path === NEXT)).toHaveLength(1)
  })

  it('asks the stay lists for the property the calendar shows', async () => {
    vi.spyOn(api.property, 'list').mockResolvedValue([VILLA, LOFT])
    const fetched = serveStays([], [VILLA, LOFT])

    await renderRoute(<CalendarRoute />, { path: `/calendar?property=${LOFT.id}` })

    await waitFor(() =>
      expect(fetched).toContain(`/api/property/calendar/stays?list=upcoming&property=${LOFT.id}`),
    )
    expect(fetched).toContain(`/api/property/calendar/stays?list=current&property=${LOFT.id}`)
    expect(fetched.filter((path) => path.includes('stays?list=') && !path.includes('property='))).toEqual([])
  })
})
