import { adminApi } from '../../src/actors/adminApi.ts'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route } from 'wouter'
import { api, type Guest, type LogEntry, type Property } from '../../src/actors/api.ts'
import GuestsRoute from '../../src/routes/admin/GuestsRoute.tsx'
import LogsRoute from '../../src/routes/admin/LogsRoute.tsx'
import PropertiesRoute from '../../src/routes/properties/PropertiesRoute.tsx'
import UsersRoute from '../../src/routes/users/UsersRoute.tsx'
import UserPropertiesRoute from '../../src/routes/users/UserPropertiesRoute.tsx'
import { Pagination } from '../../src/ui/common/Pagination.tsx'
import { PropertyRow } from '../../src/ui/property/PropertyRow.tsx'
import { aUser } from './builders.ts'
import { byNameOrCity, servePages } from './pages.ts'
import { aProperty } from './propertyBuilders.ts'
import { renderWithProviders } from './providers.tsx'
import { renderRoute } from './render.tsx'

afterEach(() => vi.restoreAllMocks())

const ROWS = 2000
const numbered = (index: number) => String(index).padStart(4, '0')

/** An account's 2,000 properties, every tenth in Abha. */
const PORTFOLIO: Property[] = Array.from({ length: ROWS }, (_, index) =>
  aProperty({ id: `p${index}`, name: `Flat ${numbered(index)}`, city: index % 10 === 0 ? 'Abha' : 'Jeddah' }),
)
const USERS = Array.from({ length: ROWS }, (_, index) =>
  aUser({
    id: `u${index}`,
    name: `Member ${numbered(index)}`,
    email: `member-${numbered(index)}@example.com`,
  }),
)
const GUESTS: Guest[] = Array.from({ length: ROWS }, (_, index) => ({
  name: `Guest ${numbered(index)}`,
  email: null,
  phone: null,
  totalBookings: 1,
  lastStay: '2026-03-01',
  nextStay: null,
  totalSpent: 200,
}))

const cardNames = () =>
  within(screen.getByTestId('property-grid'))
    .getAllByRole('heading')
    .map((heading) => heading.textContent)

describe('the pages of a long list', () => {
  it('says which rows of how many are shown, in Arabic digits too', async () => {
    await renderWithProviders(
      <Pagination label="Property pages" page={2} pageSize={24} total={2000} onPageChange={() => {}} />,
    )
    expect(screen.getByRole('navigation', { name: 'Property pages' })).toBeTruthy()
    expect(screen.getByTestId('pagination-range').textContent).toBe('Showing 25–48 of 2,000')
    expect(screen.getByText('Page 2 of 84')).toBeTruthy()
  })

  it('speaks Arabic', async () => {
    await renderWithProviders(
      <Pagination label="صفحات العقارات" page={1} pageSize={24} total={2000} onPageChange={() => {}} />,
      { language: 'ar' },
    )
    expect(screen.getByTestId('pagination-range').textContent).toBe('عرض ١–٢٤ من ٢٬٠٠٠')
    expect(screen.getByRole('button', { name: 'السابق' }).getAttribute('aria-disabled')).toBe('true')
  })

  it('moves by keyboard and keeps the focus on a button at the end of the list', async () => {
    const onPageChange = vi.fn()
    const { rerender } = await renderWithProviders(
      <Pagination label="Pages" page={1} pageSize={25} total={50} onPageChange={onPageChange} />,
    )
    const user = userEvent.setup()
    const previous = screen.getByRole('button', { name: 'Previous' })
    const next = screen.getByRole('button', { name: 'Next' })
    expect(previous.getAttribute('aria-disabled')).toBe('true')
    await user.click(previous)
    expect(onPageChange).not.toHaveBeenCalled()
    next.focus()
    await user.keyboard('{Enter}')
    expect(onPageChange).toHaveBeenCalledWith(2)
    rerender(<Pagination label="Pages" page={2} pageSize={25} total={50} onPageChange={onPageChange} />)
    // Still in the tab order and focused, only marked as unavailable.
    expect(document.activeElement).toBe(next)
    expect(next.hasAttribute('disabled')).toBe(false)
    expect(next.getAttribute('aria-disabled')).toBe('true')
    await user.keyboard('{Enter}')
    expect(onPageChange).toHaveBeenCalledTimes(1)
  })
  it('keeps a list of one page its count, without buttons that lead nowhere', async () => {
    await renderWithProviders(
      <Pagination label="Pages" page={1} pageSize={24} total={3} onPageChange={vi.fn()} />,
    )
    expect(screen.getByTestId('pagination-range').textContent).toBe('Showing 1–3 of 3')
    expect(screen.queryByRole('button')).toBeNull()
    expect(screen.queryByText('Page 1 of 1')).toBeNull()
  })
})

describe('/properties with 2,000 properties', () => {
  it('asks for and shows one page of 24 cards, with the total, and moves to the next', async () => {
    const page = vi.spyOn(api.property, 'page').mockImplementation(servePages(PORTFOLIO, byNameOrCity))
    const list = vi.spyOn(api.property, 'list')
    await renderRoute(<PropertiesRoute />, { path: '/properties' })
    await screen.findByTestId('property-grid')
    expect(cardNames()).toHaveLength(24)
    expect(cardNames()[0]).toBe('Flat 0000')
    expect(screen.getByText('2,000 properties')).toBeTruthy()
    expect(screen.getByTestId('pagination-range').textContent).toBe('Showing 1–24 of 2,000')
    await userEvent.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(cardNames()[0]).toBe('Flat 0024'))
    expect(page).toHaveBeenLastCalledWith({ page: 2, pageSize: 24, search: '' })
    // The whole list is never asked for.
    expect(list).not.toHaveBeenCalled()
  })

  it('searches every property on the server, from the first page', async () => {
    const page = vi.spyOn(api.property, 'page').mockImplementation(servePages(PORTFOLIO, byNameOrCity))
    await renderRoute(<PropertiesRoute />, { path: '/properties?search=abha' })
    await waitFor(() =>
      expect(screen.getByTestId('pagination-range').textContent).toBe('Showing 1–24 of 200'),
    )
    expect(page).toHaveBeenCalledWith({ page: 1, pageSize: 24, search: 'abha' })
    expect(cardNames().at(-1)).toBe('Flat 0230')
  })
})

describe('the dashboard’s row of a portfolio', () => {
  it('draws the newest cards and leads to the grid for the rest', async () => {
    await renderRoute(
      <PropertyRow
        properties={PORTFOLIO.slice(0, 24)}
        total={ROWS}
        allHref="/properties"
        onOpen={() => {}}
        onAdd={() => {}}
      />,
      { language: 'ar' },
    )
    expect(screen.getAllByTestId('property-card')).toHaveLength(24)
    const all = screen.getByRole('link', { name: 'عرض كل العقارات (٢٬٠٠٠)' })
    expect(all.getAttribute('href')).toBe('/properties')
    expect(screen.getByTestId('add-property-card')).toBeTruthy()
  })

  it('has no such card when every property is drawn', async () => {
    await renderRoute(
      <PropertyRow
        properties={PORTFOLIO.slice(0, 3)}
        total={3}
        allHref="/properties"
        onOpen={() => {}}
        onAdd={() => {}}
      />,
    )
    expect(screen.queryByTestId('all-properties-card')).toBeNull()
  })
})

describe('the admin’s lists with 2,000 rows', () => {
  it('pages the users and searches names and addresses across all of them', async () => {
    const page = vi
      .spyOn(adminApi, 'usersPage')
      .mockImplementation(
        servePages(USERS, (user, needle) => `${user.name} ${user.email}`.toLowerCase().includes(needle)),
      )
    await renderRoute(<UsersRoute />, { path: '/users' })
    expect(await screen.findByText('2,000 accounts')).toBeTruthy()
    expect(screen.getAllByTestId('user-row')).toHaveLength(25)
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search users' }), 'member-1999')
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(1))
    expect(page).toHaveBeenLastCalledWith({ page: 1, pageSize: 25, search: 'member-1999' })
    expect(screen.getByTestId('pagination-range').textContent).toBe('Showing 1–1 of 1')
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search users' }), 'x')
    expect((await screen.findByTestId('users-empty')).textContent).toBe('No users match “member-1999x”')
  })

  it('names the owner of a user’s properties from that user alone, and pages their grid', async () => {
    vi.spyOn(adminApi, 'user').mockResolvedValue(aUser({ id: 'u7', name: 'Noura' }))
    const page = vi
      .spyOn(adminApi, 'userPropertiesPage')
      .mockImplementation((_, params) => servePages(PORTFOLIO, byNameOrCity)(params))
    await renderRoute(
      <Route path="/users/:userId/properties">
        <UserPropertiesRoute />
      </Route>,
      { path: '/users/u7/properties' },
    )
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe("Noura's properties"),
    )
    await screen.findByTestId('property-grid')
    expect(cardNames()).toHaveLength(24)
    await userEvent.type(screen.getByRole('searchbox', { name: "Search this user's properties" }), 'abha')
    await waitFor(() =>
      expect(screen.getByTestId('pagination-range').textContent).toBe('Showing 1–24 of 200'),
    )
    expect(page).toHaveBeenLastCalledWith('u7', { page: 1, pageSize: 24, search: 'abha' })
  })

  it('pages the guests and finds one among them', async () => {
    vi.spyOn(api.guest, 'page').mockImplementation(
      servePages(GUESTS, (guest, needle) => guest.name.toLowerCase().includes(needle)),
    )
    await renderRoute(<GuestsRoute />, { path: '/guests', language: 'ar' })
    await waitFor(() => expect(screen.getAllByTestId('guest-row')).toHaveLength(25))
    expect(screen.getByTestId('pagination-range').textContent).toBe('عرض ١–٢٥ من ٢٬٠٠٠')
    await userEvent.click(screen.getByRole('button', { name: 'التالي' }))
    await waitFor(() => expect(screen.getAllByTestId('guest-row')[0]?.textContent).toContain('Guest 0025'))
    await userEvent.type(screen.getByRole('searchbox', { name: 'ابحث عن ضيف' }), 'guest 1999')
    await waitFor(() => expect(screen.getAllByTestId('guest-row')).toHaveLength(1))
  })

  it('names each log entry’s actor as the server does', async () => {
    const entry = (overrides: Partial<LogEntry>): LogEntry => ({
      id: 'e1',
      kind: 'auth.sign-in',
      actorId: 'u1',
      actorLabel: 'Chief',
      subjectId: null,
      message: 'Chief signed in',
      data: null,
      ip: null,
      createdAt: '2026-03-01T10:00:00.000Z',
      ...overrides,
    })
    vi.spyOn(adminApi, 'logs').mockResolvedValue({
      items: [
        entry({}),
        entry({ id: 'e2', actorLabel: null }),
        entry({ id: 'e3', actorId: null, actorLabel: null }),
      ],
      total: 3,
      page: 1,
      pageSize: 20,
    })
    await renderRoute(<LogsRoute />, { path: '/logs' })
    const rows = await screen.findAllByTestId('log-row')
    expect(rows.map((row) => row.querySelectorAll('td')[3]?.textContent)).toEqual([
      'Chief',
      'Deleted user',
      'System',
    ])
  })
})
