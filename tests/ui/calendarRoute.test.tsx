import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { api } from '../../src/actors/api.ts'
import { ApiError } from '../../src/actors/http.ts'
import { addDays, localToday } from '../../src/domain/dates.ts'
import CalendarRoute from '../../src/routes/CalendarRoute.tsx'
import { calendarOf } from '../fixtures/feedServer.ts'
import { aProperty } from './propertyBuilders.ts'
import { renderRoute } from './render.tsx'

const today = localToday()
const VILLA = aProperty({ id: 'villa', name: 'Palm Villa' })
const LOFT = aProperty({ id: 'loft', name: 'Corniche Loft' })
const feedUrl = (id: string) => `http://localhost:3000/api/calendar/${id}-token.ics`

afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('/calendar', () => {
  it("has Sync now in its sync-health strip (issue 16), which waits out the account's Retry-After", async () => {
    vi.spyOn(api.property, 'list').mockResolvedValue([VILLA])
    vi.spyOn(api.property, 'internalCalendar').mockImplementation(async (id) => ({
      url: feedUrl(id),
      platforms: [],
    }))
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(calendarOf([]), { headers: { 'content-type': 'text/calendar' } })),
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

  it("shows every other property's bookings when one property's feed fails, and logs that one", async () => {
    vi.spyOn(api.property, 'list').mockResolvedValue([VILLA, LOFT])
    vi.spyOn(api.property, 'internalCalendar').mockImplementation(async (id) => ({
      url: feedUrl(id),
      platforms: [],
    }))
    const villaFeed = calendarOf([
      {
        uid: 'stay@airbnb.com',
        start: addDays(today, -1),
        end: addDays(today, 2),
        summary: 'Reserved - Sara Ali',
      },
    ])
    const fetched: string[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) => {
        fetched.push(path)
        return path.includes('villa')
          ? new Response(villaFeed, { headers: { 'content-type': 'text/calendar' } })
          : new Response('failure', { status: 500 })
      }),
    )
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})

    await renderRoute(<CalendarRoute />, { path: '/calendar' })

    const current = await screen.findByTestId('current-stays')
    await waitFor(() => expect(within(current).getByText('Sara Ali')).toBeTruthy())
    // Each feed asked for (a second read of one, which this test's runs sometimes show, is not its point).
    expect([...new Set(fetched)].sort()).toEqual([
      '/api/calendar/loft-token.ics',
      '/api/calendar/villa-token.ics',
    ])
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith('Skipped the calendar of "Corniche Loft"', expect.any(Error)),
    )
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('judges each stay current or upcoming by today where its own property is', async () => {
    // 22:30 UTC on 9 December 2030: already the 10th in Riyadh, still the 9th in Los Angeles.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2030-12-09T22:30:00Z') })
    try {
      const riyadh = aProperty({ id: 'riyadh', name: 'Palm Villa', timeZone: 'Asia/Riyadh' })
      const losAngeles = aProperty({ id: 'la', name: 'Venice Loft', timeZone: 'America/Los_Angeles' })
      vi.spyOn(api.property, 'list').mockResolvedValue([riyadh, losAngeles])
      vi.spyOn(api.property, 'internalCalendar').mockImplementation(async (id) => ({
        url: feedUrl(id),
        platforms: [],
      }))
      const feeds: Record<string, string> = {
        riyadh: calendarOf([
          { uid: 'r@airbnb.com', start: '2030-12-10', end: '2030-12-12', summary: 'Reserved - Reem Saad' },
        ]),
        la: calendarOf([
          { uid: 'l@airbnb.com', start: '2030-12-10', end: '2030-12-12', summary: 'Reserved - Mark Lee' },
        ]),
      }
      vi.stubGlobal(
        'fetch',
        vi.fn(async (path: string) => {
          const id = /\/api\/calendar\/(.+)-token\.ics$/.exec(path)?.[1] ?? ''
          return new Response(feeds[id] ?? '', { headers: { 'content-type': 'text/calendar' } })
        }),
      )

      await renderRoute(<CalendarRoute />, { path: '/calendar' })

      const current = await screen.findByTestId('current-stays')
      const upcoming = screen.getByTestId('upcoming-stays')
      await waitFor(() => expect(within(current).getByText('Reem Saad')).toBeTruthy())
      expect(within(upcoming).getByText('Mark Lee')).toBeTruthy()
      expect(within(current).queryByText('Mark Lee')).toBeNull()
      expect(within(upcoming).queryByText('Reem Saad')).toBeNull()
    } finally {
      vi.useRealTimers()
    }
  })
})
