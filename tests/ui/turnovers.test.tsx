import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { api } from '../../src/actors/api.ts'
import { cleanerLinkApi } from '../../src/actors/cleanerLinkApi.ts'
import type { Turnover, TurnoverProperty } from '../../contract/turnover.ts'
import { NeedsWords } from '../../src/i18n.tsx'
import TurnoversRoute from '../../src/routes/turnovers/TurnoversRoute.tsx'
import { TurnoversTodayLine } from '../../src/ui/dashboard/TurnoversTodayLine.tsx'
import { renderRoute } from './render.tsx'

const aTurnover = (overrides: Partial<Turnover> = {}): Turnover => ({
  propertyId: 'p1',
  propertyName: 'Palm Villa',
  propertyAddress: 'Saudi Arabia, Riyadh, Olaya Street 5',
  stayId: 's1',
  date: '2030-03-10',
  checkOutTime: '11:00',
  nights: 3,
  nextCheckIn: { stayId: 's2', date: '2030-03-13', time: '15:00' },
  sameDay: false,
  gapNights: 3,
  ...overrides,
})

const aTurnoverProperty = (overrides: Partial<TurnoverProperty> = {}): TurnoverProperty => ({
  id: 'p1',
  name: 'Palm Villa',
  timeZone: 'Asia/Riyadh',
  access: 'owner',
  ...overrides,
})

const PROPERTIES = [aTurnoverProperty(), aTurnoverProperty({ id: 'p2', name: 'Desert Loft' })]
const CLEANINGS = [
  aTurnover({
    stayId: 's1',
    sameDay: true,
    gapNights: 0,
    nextCheckIn: { stayId: 's2', date: '2030-03-10', time: '15:00' },
  }),
  aTurnover({
    propertyId: 'p2',
    propertyName: 'Desert Loft',
    stayId: 's3',
    nextCheckIn: null,
    gapNights: null,
  }),
  aTurnover({ stayId: 's4', date: '2030-03-12', nights: 1 }),
]

beforeEach(() => {
  // 23:30 in UTC is already the 10th in Riyadh: the properties' today, not the browser's.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2030-03-09T22:30:00Z') })
  vi.spyOn(cleanerLinkApi, 'properties').mockResolvedValue(PROPERTIES)
  vi.spyOn(cleanerLinkApi, 'links').mockResolvedValue([])
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('the Turnovers screen', () => {
  it('asks for today where the properties are, and groups the cleanings by day', async () => {
    const list = vi.spyOn(api.turnover, 'list').mockResolvedValue(CLEANINGS)
    await renderRoute(<TurnoversRoute />, { path: '/turnovers' })
    expect(await screen.findAllByTestId('turnover-day')).toHaveLength(2)
    expect(list).toHaveBeenCalledWith({ start: '2030-03-10', end: '2030-03-10' })
    const [first, second] = screen.getAllByTestId('turnover-day')
    expect(within(first!).getByRole('heading', { name: /Sunday.*10 March 2030/ })).toBeTruthy()
    expect(within(first!).getAllByTestId('turnover-row')).toHaveLength(2)
    expect(within(second!).getAllByTestId('turnover-row')).toHaveLength(1)
  })

  it('flags a same-day turnover and a check-out with no next check-in, in words as well as colour', async () => {
    vi.spyOn(api.turnover, 'list').mockResolvedValue(CLEANINGS)
    await renderRoute(<TurnoversRoute />, { path: '/turnovers' })
    const [sameDay] = await screen.findAllByTestId('turnover-row')
    expect(within(sameDay!).getByTestId('same-day').textContent).toContain('Same-day turnover')
    const rows = screen.getAllByTestId('turnover-row')
    expect(within(rows[1]!).getByTestId('no-next').textContent).toBe('No next check-in')
    expect(rows[2]!.textContent).toContain('3 nights free')
    expect(rows[2]!.textContent).toContain('1 night')
    // Each cleaning opens the stay that leaves on the calendar.
    expect(within(rows[0]!).getByRole('link', { name: 'Palm Villa' }).getAttribute('href')).toBe(
      '/calendar?stay=s1',
    )
  })

  it('says where each property is, in the table and on the cards', async () => {
    vi.spyOn(api.turnover, 'list').mockResolvedValue(CLEANINGS)
    await renderRoute(<TurnoversRoute />, { path: '/turnovers' })
    const [row] = await screen.findAllByTestId('turnover-row')
    const [card] = screen.getAllByTestId('turnover-card')
    for (const cleaning of [row!, card!])
      expect(within(cleaning).getByTestId('turnover-address').textContent).toBe(
        'Saudi Arabia, Riyadh, Olaya Street 5',
      )
  })

  it('shows a cleaner the cleaned property’s cleanings by its day, with no calendar and no links', async () => {
    // Los Angeles is still on the 9th when Riyadh, and the browser's UTC, are on the 10th.
    const cleaned = aTurnoverProperty({ id: 'p9', name: 'Shared Loft', timeZone: 'America/Los_Angeles' })
    vi.spyOn(cleanerLinkApi, 'properties').mockResolvedValue([{ ...cleaned, access: 'cleaner' }])
    const links = vi.spyOn(cleanerLinkApi, 'links')
    const cleanings = [aTurnover({ propertyId: 'p9', propertyName: 'Shared Loft', date: '2030-03-09' })]
    const list = vi.spyOn(api.turnover, 'list').mockResolvedValue(cleanings)
    await renderRoute(<TurnoversRoute />, { path: '/turnovers' })
    const [row] = await screen.findAllByTestId('turnover-row')
    expect(list).toHaveBeenCalledWith({ start: '2030-03-09', end: '2030-03-09' })
    const select = screen.getByTestId('turnover-property')
    expect(within(select).getByRole('option', { name: 'Shared Loft' })).toBeTruthy()
    expect(within(row!).queryByRole('link')).toBeNull()
    expect(row!.textContent).toContain('Shared Loft')
    expect(within(row!).getByTestId('turnover-address').textContent).toBe(
      'Saudi Arabia, Riyadh, Olaya Street 5',
    )
    expect(screen.queryByTestId('cleaner-links')).toBeNull()
    expect(links).not.toHaveBeenCalled()
  })

  it('offers a new cleaner link only the reader’s own properties', async () => {
    vi.spyOn(cleanerLinkApi, 'properties').mockResolvedValue([
      aTurnoverProperty({ id: 'p3', name: 'Cohosted Loft', access: 'cohost' }),
      aTurnoverProperty(),
      aTurnoverProperty({ id: 'p4', name: 'Cleaned Flat', access: 'cleaner' }),
    ])
    vi.spyOn(api.turnover, 'list').mockResolvedValue([
      aTurnover({ propertyId: 'p3', propertyName: 'Cohosted Loft', stayId: 's7' }),
    ])
    await renderRoute(<TurnoversRoute />, { path: '/turnovers' })
    // A co-host opens the shared stay on the calendar.
    const [row] = await screen.findAllByTestId('turnover-row')
    expect(within(row!).getByRole('link', { name: 'Cohosted Loft' }).getAttribute('href')).toBe(
      '/calendar?stay=s7',
    )
    fireEvent.click(await screen.findByTestId('new-cleaner-link'))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByRole('checkbox', { name: 'Palm Villa' })).toBeTruthy()
    expect(within(dialog).queryByRole('checkbox', { name: 'Cohosted Loft' })).toBeNull()
    expect(within(dialog).queryByRole('checkbox', { name: 'Cleaned Flat' })).toBeNull()
  })

  it('shows no cleaner links to a reader who owns no property', async () => {
    vi.spyOn(cleanerLinkApi, 'properties').mockResolvedValue([
      aTurnoverProperty({ id: 'p3', name: 'Cohosted Loft', access: 'cohost' }),
    ])
    vi.spyOn(api.turnover, 'list').mockResolvedValue([])
    await renderRoute(<TurnoversRoute />, { path: '/turnovers' })
    await screen.findByTestId('turnovers-empty')
    expect(screen.queryByTestId('cleaner-links')).toBeNull()
    expect(screen.queryByTestId('new-cleaner-link')).toBeNull()
  })

  it('keeps the window and the property in the address', async () => {
    const list = vi.spyOn(api.turnover, 'list').mockResolvedValue([])
    const { currentPath } = await renderRoute(<TurnoversRoute />, { path: '/turnovers?window=week' })
    await screen.findByTestId('turnovers-empty')
    expect(list).toHaveBeenLastCalledWith({ start: '2030-03-10', end: '2030-03-16' })
    fireEvent.click(screen.getByRole('button', { name: 'Next 30 days' }))
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ start: '2030-03-10', end: '2030-04-08' }))
    fireEvent.change(screen.getByTestId('turnover-property'), { target: { value: 'p2' } })
    await waitFor(() =>
      expect(list).toHaveBeenLastCalledWith({ start: '2030-03-10', end: '2030-04-08', propertyId: 'p2' }),
    )
    expect(currentPath()).toBe('/turnovers?window=month&property=p2')
    fireEvent.click(screen.getByRole('button', { name: 'Tomorrow' }))
    await waitFor(() =>
      expect(list).toHaveBeenLastCalledWith({ start: '2030-03-11', end: '2030-03-11', propertyId: 'p2' }),
    )
  })

  it('says when a period has no cleanings', async () => {
    vi.spyOn(api.turnover, 'list').mockResolvedValue([])
    await renderRoute(<TurnoversRoute />, { path: '/turnovers' })
    expect((await screen.findByTestId('turnovers-empty')).textContent).toBe('No cleanings in this period')
  })

  it('shows a failure with a retry that asks again', async () => {
    const list = vi
      .spyOn(api.turnover, 'list')
      .mockRejectedValueOnce(new Error('The server is down'))
      .mockResolvedValue(CLEANINGS)
    await renderRoute(<TurnoversRoute />, { path: '/turnovers' })
    expect((await screen.findByRole('alert')).textContent).toBe('The server is down')
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findAllByTestId('turnover-day')).toHaveLength(2)
    expect(list).toHaveBeenCalledTimes(2)
  })

  it('prints the day sheet', async () => {
    vi.spyOn(api.turnover, 'list').mockResolvedValue(CLEANINGS)
    // The test's window has no print(): the browser's is stood in for.
    const print = vi.fn()
    vi.stubGlobal('print', print)
    await renderRoute(<TurnoversRoute />, { path: '/turnovers' })
    fireEvent.click(await screen.findByRole('button', { name: 'Print day sheet' }))
    expect(print).toHaveBeenCalledOnce()
  })

  it('speaks Arabic, with Arabic digits and plural forms', async () => {
    vi.spyOn(api.turnover, 'list').mockResolvedValue(CLEANINGS)
    await renderRoute(<TurnoversRoute />, { path: '/turnovers', language: 'ar' })
    const rows = await screen.findAllByTestId('turnover-row')
    expect(within(rows[0]!).getByTestId('same-day').textContent).toContain('تبديل في اليوم نفسه')
    expect(within(rows[1]!).getByTestId('no-next').textContent).toBe('لا وصول تاليًا')
    expect(rows[0]!.textContent).toContain('١١:٠٠')
    expect(rows[2]!.textContent).toContain('٣ ليالٍ شاغرة')
    expect(screen.getByRole('button', { name: 'طباعة ورقة اليوم' })).toBeTruthy()
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('جدول التنظيف')
  })
})

describe("the dashboard's line of today's cleanings", () => {
  it.each([
    ['en', 3, 1, 'Today: 3 check-outs, 1 same-day'],
    ['en', 1, 0, 'Today: 1 check-out'],
    ['en', 0, 0, 'No check-outs today'],
    ['ar', 3, 1, 'اليوم: ٣ مغادرات، ١ في اليوم نفسه'],
    ['ar', 2, 0, 'اليوم: مغادرتان'],
    ['ar', 0, 0, 'لا مغادرات اليوم'],
  ] as const)(
    'in %s, %i check-outs and %i same-day read "%s"',
    async (language, checkOuts, sameDay, text) => {
      // Its words are the Turnovers screen's, which the dashboard loads after its first paint.
      await renderRoute(
        <NeedsWords part="turnovers">
          <TurnoversTodayLine checkOuts={checkOuts} sameDay={sameDay} />
        </NeedsWords>,
        { language },
      )
      const line = await screen.findByTestId('turnovers-today')
      expect(line.textContent).toBe(text)
      expect(line.getAttribute('href')).toBe('/turnovers')
    },
  )
})
