import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { api } from '../../src/actors/api.ts'
import { ApiError } from '../../src/actors/http.ts'
import { addDays, addMonths, localToday } from '../../src/domain/dates.ts'
import CalendarRoute from '../../src/routes/calendar/CalendarRoute.tsx'
import { exportFeed } from './calendarScreen.tsx'
import { aProperty } from './propertyBuilders.ts'
import { renderRoute } from './render.tsx'

const today = localToday()
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

  it("reads every property's stays from one feed, from the first of the month before today's", async () => {
    vi.spyOn(api.property, 'list').mockResolvedValue([VILLA, LOFT])
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
    const feed = exportFeed([
      stay('s1', VILLA.id, 'Sara Ali', addDays(today, -1)),
      stay('s2', LOFT.id, 'Omar Haddad', addDays(today, 5)),
    ])
    const fetched: string[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) => {
        fetched.push(path)
        return new Response(feed, { headers: { 'content-type': 'text/calendar' } })
      }),
    )

    await renderRoute(<CalendarRoute />, { path: '/calendar' })

    await waitFor(() =>
      expect(within(screen.getByTestId('current-stays')).getByText('Sara Ali')).toBeTruthy(),
    )
    expect(within(screen.getByTestId('upcoming-stays')).getByText('Omar Haddad')).toBeTruthy()
    // The sync strip's import figures are read apart from the stays.
    expect([...new Set(fetched.filter((path) => path !== '/api/exposure'))]).toEqual([
      `/api/property/calendar?from=${addMonths(today.slice(0, 7), -1)}-01`,
    ])
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

  it('judges each stay current or upcoming by today where its own property is', async () => {
    // 22:30 UTC on 9 December 2030: already the 10th in Riyadh, still the 9th in Los Angeles.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2030-12-09T22:30:00Z') })
    try {
      const riyadh = aProperty({ id: 'riyadh', name: 'Palm Villa', timeZone: 'Asia/Riyadh' })
      const losAngeles = aProperty({ id: 'la', name: 'Venice Loft', timeZone: 'America/Los_Angeles' })
      vi.spyOn(api.property, 'list').mockResolvedValue([riyadh, losAngeles])
      const stay = (propertyId: string, guest: string) => ({
        stayId: `${propertyId}-stay`,
        propertyId,
        start: '2030-12-10',
        end: '2030-12-12',
        summary: `Reserved - ${guest}`,
        platform: 'Airbnb',
        status: 'Reserved',
        guest,
        kind: 'booking' as const,
      })
      const feed = exportFeed([stay('riyadh', 'Reem Saad'), stay('la', 'Mark Lee')])
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response(feed, { headers: { 'content-type': 'text/calendar' } })),
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
