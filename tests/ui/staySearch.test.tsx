import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { api, type StaySearchHit } from '../../src/actors/api.ts'
import { ApiError } from '../../src/actors/http.ts'
import PropertiesRoute from '../../src/routes/properties/PropertiesRoute.tsx'
import { byNameOrCity, servePages } from './pages.ts'
import { aProperty } from './propertyBuilders.ts'
import { renderRoute } from './render.tsx'

afterEach(() => vi.restoreAllMocks())

const hit = (overrides: Partial<StaySearchHit>): StaySearchHit => ({
  id: 'stay-1',
  propertyId: 'villa',
  propertyName: 'Palm Villa',
  guestName: 'Sara Ali',
  start: '2031-05-10',
  end: '2031-05-13',
  platform: 'Airbnb',
  kind: 'booking',
  match: 'guest',
  reservationCode: null,
  phoneLast4: null,
  ...overrides,
})

async function searchFor(text: string, language: 'en' | 'ar' = 'en') {
  vi.spyOn(api.property, 'page').mockImplementation(
    servePages([aProperty({ id: 'villa', name: 'Palm Villa' })], byNameOrCity),
  )
  const view = await renderRoute(<PropertiesRoute />, { path: '/properties', language })
  const user = userEvent.setup()
  const box = screen.getByTestId('properties-search')
  await user.type(box, text)
  return { view, user, box }
}

describe('searching stays from the search box', () => {
  it('lists the stays a guest’s name, a reservation code or a phone’s last 4 find, each a link to its details', async () => {
    const search = vi.spyOn(api.stay, 'search').mockResolvedValue([
      hit({}),
      hit({
        id: 'stay-2',
        guestName: 'Blocked',
        match: 'code',
        reservationCode: 'HMSARA42',
        platform: 'Manual',
      }),
      hit({ id: 'stay-3', guestName: 'Omar', match: 'phone', phoneLast4: '4821', propertyName: 'Loft' }),
    ])
    const { view, user, box } = await searchFor('sara')
    const results = await screen.findByTestId('stay-search-results')
    const links = await within(results).findAllByRole('link')
    expect(search).toHaveBeenLastCalledWith('sara')
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/calendar?stay=stay-1',
      '/calendar?stay=stay-2',
      '/calendar?stay=stay-3',
    ])
    expect(links.map((link) => link.textContent)).toEqual([
      'Sara AliAirbnbPalm Villa · 10 May 2031 – 13 May 2031',
      'Unknown guestManualPalm Villa · 10 May 2031 – 13 May 2031Code HMSARA42',
      'OmarAirbnbLoft · 10 May 2031 – 13 May 2031Phone ending in 4821',
    ])
    // By keyboard: ArrowDown into the results, Enter opens the stay, the results close.
    box.focus()
    await user.keyboard('{ArrowDown}')
    expect(document.activeElement).toBe(links[0])
    await user.keyboard('{Enter}')
    expect(view.currentPath()).toBe('/calendar?stay=stay-1')
    expect(screen.queryByTestId('stay-search-results')).toBeNull()
  })

  it('asks nothing for one character, says when nothing matches, and Escape closes the list', async () => {
    const search = vi.spyOn(api.stay, 'search').mockResolvedValue([])
    const { user } = await searchFor('s')
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(search).not.toHaveBeenCalled()
    expect(screen.queryByTestId('stay-search-results')).toBeNull()
    await user.type(screen.getByTestId('properties-search'), 'z')
    expect(await screen.findByText('No stay matches “sz”')).toBeTruthy()
    await user.keyboard('{Escape}')
    expect(screen.queryByTestId('stay-search-results')).toBeNull()
  })

  it('says the server’s refusal, and speaks Arabic', async () => {
    vi.spyOn(api.stay, 'search').mockRejectedValue(
      new ApiError('اكتب من حرفين إلى ٦٠ حرفًا للبحث في الإقامات', 400),
    )
    await searchFor('سارة', 'ar')
    const results = await screen.findByTestId('stay-search-results')
    expect(within(results).getByRole('heading').textContent).toBe('الإقامات')
    expect(await within(results).findByText('اكتب من حرفين إلى ٦٠ حرفًا للبحث في الإقامات')).toBeTruthy()
  })
})
