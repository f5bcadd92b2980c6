import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Exposure } from '../../contract/imports.ts'
import { api } from '../../src/actors/api.ts'
import { addDays, localToday } from '../../src/domain/dates.ts'
import { timelineRows } from '../../src/domain/timeline.ts'
import { EXPOSURE_KEY } from '../../src/features/imports/exposure.ts'
import CalendarRoute from '../../src/routes/calendar/CalendarRoute.tsx'
import { MARKS_PER_STEP, type AtRiskMark } from '../../src/ui/calendar/atRiskMarks.tsx'
import { CalendarGrid } from '../../src/ui/calendar/CalendarGrid.tsx'
import { MonthCalendar } from '../../src/ui/calendar/month/MonthCalendar.tsx'
import { Timeline } from '../../src/ui/calendar/Timeline.tsx'
import { exportFeed } from './calendarScreen.tsx'
import { aPlatformFeed, aProperty, anExposurePlatform } from './propertyBuilders.ts'
import { renderWithProviders } from './providers.tsx'
import { renderRoute } from './render.tsx'

const aMark = (overrides: Partial<AtRiskMark> = {}): AtRiskMark => ({
  propertyId: 'villa',
  propertyName: 'Palm Villa',
  platformName: 'Booking.com',
  start: '2026-03-06',
  end: '2026-03-09',
  acknowledged: false,
  uid: 'villa|Booking.com|2026-03-06',
  ...overrides,
})

const marks = () => screen.queryAllByTestId('at-risk-mark')
/** The first night each mark covers, where it sits (its day's cell), with its span and words. */
const monthMarks = () =>
  marks().map((mark) => ({
    day: mark.closest('[data-day]')?.getAttribute('data-day'),
    width: mark.style.width,
    text: mark.textContent,
    acknowledged: mark.dataset.acknowledged,
  }))

afterEach(() => {
  vi.restoreAllMocks()
})

describe('the marks of nights at risk on the month', () => {
  const renderMonth = (list: readonly AtRiskMark[], onMarkClick = vi.fn(), language: 'en' | 'ar' = 'en') =>
    renderWithProviders(
      <CalendarGrid
        month="2026-03"
        today="2026-03-02"
        bookings={[]}
        onPrevious={() => {}}
        onNext={() => {}}
        onDayClick={() => {}}
        marks={list}
        onMarkClick={onMarkClick}
      />,
      { language },
    )

  it("draws a portfolio's marks on three lanes and counts the rest on their days", async () => {
    await renderMonth(
      Array.from({ length: 5 }, (_, index) =>
        aMark({ propertyId: `flat-${index}`, propertyName: `Flat ${index}`, uid: `flat-${index}` }),
      ),
    )
    // Friday 6 and Saturday 7 in one week, Sunday 8 in the next: three marks drawn on each.
    expect(marks()).toHaveLength(6)
    const counted = screen.getAllByTestId('more-at-risk')
    expect(counted.map((line) => line.closest('[data-day]')?.getAttribute('data-day'))).toEqual([
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
    ])
    expect(counted[0]!.textContent).toBe('+ 2 more')
    expect(counted[0]!.getAttribute('aria-label')).toBe('+ 2 more not yet imported')
  })

  it('marks the nights a platform still misses, cut at the week, in words and not in colour alone', async () => {
    // Friday 6 to Monday 9 March: Friday and Saturday in one week, Sunday in the next.
    await renderMonth([
      aMark(),
      aMark({ platformName: 'Airbnb', start: '2026-03-20', end: '2026-03-21', uid: 'b' }),
    ])
    expect(monthMarks()).toEqual([
      {
        day: '2026-03-06',
        width: 'calc(2 * 100% - 0.25rem - 0px)',
        text: 'Not yet on Booking.com',
        acknowledged: 'false',
      },
      {
        day: '2026-03-08',
        width: 'calc(1 * 100% - 0px - 0.25rem)',
        text: 'Not yet on Booking.com',
        acknowledged: 'false',
      },
      {
        day: '2026-03-20',
        width: 'calc(1 * 100% - 0.25rem - 0.25rem)',
        text: 'Not yet on Airbnb',
        acknowledged: 'false',
      },
    ])
    expect(marks()[0]!.getAttribute('aria-label')).toBe(
      'Not yet on Booking.com: 6\u2009–\u20099 Mar 2026, Palm Villa',
    )
    // The check-out day is not at risk.
    expect(document.querySelector('[data-day="2026-03-09"] [data-testid="at-risk-mark"]')).toBeNull()
  })

  it('says a run the host closed by hand waits for the platform, and opens its platform on a click', async () => {
    const onMarkClick = vi.fn()
    await renderMonth([aMark({ acknowledged: true })], onMarkClick)
    expect(marks()[0]!.textContent).toBe('You closed them · waiting for Booking.com to import')
    expect(marks()[0]!.dataset.acknowledged).toBe('true')
    await userEvent.setup().click(marks()[0]!)
    expect(onMarkClick).toHaveBeenCalledWith({ propertyId: 'villa', platformName: 'Booking.com' })
  })

  it('has no mark, and no room kept for one, once every platform has imported', async () => {
    await renderMonth([])
    expect(marks()).toEqual([])
    expect(document.querySelector<HTMLElement>('[data-day="2026-03-06"]')!.style.minHeight).toBe('')
  })

  it('says it in Arabic', async () => {
    await renderMonth([aMark({ acknowledged: true })], vi.fn(), 'ar')
    expect(marks()[0]!.textContent).toBe('أغلقتها بنفسك · بانتظار استيراد Booking.com')
  })
})

describe("the marks on the phone's month", () => {
  const renderPhoneMonth = (list: readonly AtRiskMark[], onMarkClick = vi.fn()) =>
    renderWithProviders(
      <MonthCalendar
        month="2026-03"
        today="2026-03-02"
        bookings={[]}
        onPrevious={() => {}}
        onNext={() => {}}
        onDayClick={() => {}}
        marks={list}
        onMarkClick={onMarkClick}
      />,
    )

  it('underlines the nights at risk and lists the marks of the month under it', async () => {
    const onMarkClick = vi.fn()
    await renderPhoneMonth(
      [aMark(), aMark({ start: '2026-05-01', end: '2026-05-02', uid: 'later' })],
      onMarkClick,
    )
    const underlined = [...document.querySelectorAll('[data-testid="day-at-risk"]')].map((line) =>
      line.closest('[data-day]')?.getAttribute('data-day'),
    )
    expect(underlined).toEqual(['2026-03-06', '2026-03-07', '2026-03-08'])
    expect(document.querySelector('[data-day="2026-03-06"]')!.getAttribute('aria-label')).toBe(
      'Friday, 6 March 2026: Not yet on Booking.com',
    )
    const list = screen.getByTestId('at-risk-marks')
    expect(within(list).getAllByTestId('at-risk-mark')).toHaveLength(1)
    expect(list.textContent).toContain('6\u2009–\u20099 Mar 2026 · Palm Villa')
    await userEvent.setup().click(within(list).getByTestId('at-risk-mark'))
    expect(onMarkClick).toHaveBeenCalledWith({ propertyId: 'villa', platformName: 'Booking.com' })
  })

  it("names each platform once on a night a portfolio's links miss, and lists their marks a step at a time", async () => {
    const portfolio = Array.from({ length: 25 }, (_, index) =>
      aMark({
        propertyId: `flat-${index}`,
        propertyName: `Flat ${index}`,
        platformName: index % 2 ? 'Airbnb' : 'Booking.com',
        uid: `flat-${index}`,
      }),
    )
    await renderPhoneMonth(portfolio)
    expect(document.querySelector('[data-day="2026-03-06"]')!.getAttribute('aria-label')).toBe(
      'Friday, 6 March 2026: Not yet on Booking.com · Not yet on Airbnb',
    )
    const list = screen.getByTestId('at-risk-marks')
    expect(within(list).getAllByTestId('at-risk-mark')).toHaveLength(MARKS_PER_STEP)
    const more = screen.getByTestId('more-at-risk-marks')
    expect(more.textContent).toBe(`+ ${25 - MARKS_PER_STEP} more`)
    await userEvent.setup().click(more)
    expect(within(list).getAllByTestId('at-risk-mark')).toHaveLength(2 * MARKS_PER_STEP)
    await userEvent.setup().click(screen.getByTestId('more-at-risk-marks'))
    expect(within(list).getAllByTestId('at-risk-mark')).toHaveLength(25)
    expect(screen.queryByTestId('more-at-risk-marks')).toBeNull()
  })
})

describe('the marks of nights at risk on the timeline', () => {
  it("marks each property's row under its stays, from the window's edge", async () => {
    const villa = aProperty({ id: 'villa', name: 'Palm Villa' })
    const loft = aProperty({ id: 'loft', name: 'Corniche Loft' })
    const period = { start: '2026-03-05', days: 14 }
    await renderWithProviders(
      <Timeline
        rows={timelineRows([], [villa, loft], period)}
        period={period}
        today="2026-03-05"
        length={14}
        phone={false}
        onPrevious={() => {}}
        onNext={() => {}}
        onToday={() => {}}
        onLengthChange={() => {}}
        onStayClick={() => {}}
        marks={[
          aMark({ start: '2026-03-01', end: '2026-03-07' }),
          aMark({
            propertyId: 'loft',
            propertyName: 'Corniche Loft',
            platformName: 'Vrbo',
            acknowledged: true,
            uid: 'l',
          }),
        ]}
      />,
    )
    const placed = marks().map((mark) => ({
      row: mark.closest('[data-testid="timeline-row"]')?.getAttribute('data-property'),
      start: (mark.parentElement as HTMLElement).style.insetInlineStart,
      width: (mark.parentElement as HTMLElement).style.width,
      text: mark.textContent,
    }))
    expect(placed).toEqual([
      { row: 'villa', start: '0%', width: `${(2 / 14) * 100}%`, text: 'Not yet on Booking.com' },
      {
        row: 'loft',
        start: `${(1 / 14) * 100}%`,
        width: `${(3 / 14) * 100}%`,
        text: 'You closed them · waiting for Vrbo to import',
      },
    ])
  })
})

describe('/calendar with nights at risk', () => {
  const VILLA = aProperty({ id: 'villa', name: 'Palm Villa' })
  const today = localToday()
  const run = { start: addDays(today, 1), end: addDays(today, 2), since: `${today}T09:00:00Z` }
  const exposureWith = (atRisk: { start: string; end: string; since: string; acknowledged: boolean }[]) =>
    ({
      nightsAtRisk: atRisk.length,
      properties: [
        {
          propertyId: VILLA.id,
          propertyName: VILLA.name,
          platforms: [anExposurePlatform({ nightsAtRisk: atRisk.length, atRisk })],
        },
      ],
      silent: [],
    }) satisfies Exposure

  it('marks the nights, says what to do there, records "I closed them", and drops the mark once imported', async () => {
    vi.spyOn(api.property, 'list').mockResolvedValue([VILLA])
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(exportFeed([]), { headers: { 'content-type': 'text/calendar' } })),
    )
    const exposure = vi
      .spyOn(api, 'exposure')
      .mockResolvedValue(exposureWith([{ ...run, acknowledged: false }]))
    const acknowledge = vi.spyOn(api.property, 'acknowledgeAtRisk').mockImplementation(async () => {
      exposure.mockResolvedValue(exposureWith([{ ...run, acknowledged: true }]))
      return aPlatformFeed({ platformName: 'Booking.com', atRisk: [{ ...run, acknowledged: true }] })
    })
    const user = userEvent.setup()
    const { queryClient } = await renderRoute(<CalendarRoute />, { path: '/calendar' })

    const grid = await screen.findByTestId('calendar-grid')
    const mark = await within(grid).findByRole('button', {
      name: /^Not yet on Booking\.com: .*, Palm Villa$/,
    })
    await user.click(mark)
    const dialog = await screen.findByTestId('at-risk-dialog')
    expect(within(dialog).getByText('Not yet on Booking.com')).toBeTruthy()
    expect(within(dialog).getByTestId('at-risk-close-steps').textContent).toContain('Rates & Availability')
    await user.click(within(dialog).getByRole('button', { name: 'I closed them' }))
    await user.click(
      within(await screen.findByTestId('acknowledge-at-risk-dialog')).getByRole('button', {
        name: 'I closed them',
      }),
    )
    expect(acknowledge).toHaveBeenCalledWith(VILLA.id, 'Booking.com')
    await waitFor(() =>
      expect(within(grid).getAllByTestId('at-risk-mark')[0]!.textContent).toBe(
        'You closed them · waiting for Booking.com to import',
      ),
    )

    // Booking.com imports: the next reading has nothing at risk, and the mark and its dialog go.
    exposure.mockResolvedValue(exposureWith([]))
    await queryClient.invalidateQueries({ queryKey: EXPOSURE_KEY })
    await waitFor(() => expect(within(grid).queryAllByTestId('at-risk-mark')).toEqual([]))
    await waitFor(() => expect(screen.queryByTestId('at-risk-dialog')).toBeNull())
  })

  it("lists a day's marks past the grid's lanes by property name, and opens the one picked", async () => {
    // Added in an order that is not the names'.
    const flats = ['Flat 3', 'Flat 0', 'Flat 4', 'Flat 1', 'Flat 2'].map((name) =>
      aProperty({ id: `flat-${name.at(-1)}`, name }),
    )
    vi.spyOn(api.property, 'list').mockResolvedValue(flats)
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(exportFeed([]), { headers: { 'content-type': 'text/calendar' } })),
    )
    vi.spyOn(api, 'exposure').mockResolvedValue({
      nightsAtRisk: flats.length,
      properties: flats.map((flat) => ({
        propertyId: flat.id,
        propertyName: flat.name,
        platforms: [anExposurePlatform({ nightsAtRisk: 1, atRisk: [{ ...run, acknowledged: false }] })],
      })),
      silent: [],
    } satisfies Exposure)
    const user = userEvent.setup()
    await renderRoute(<CalendarRoute />, { path: '/calendar' })

    const grid = await screen.findByTestId('calendar-grid')
    const more = await within(grid).findByRole('button', { name: '+ 2 more not yet imported' })
    await user.click(more)
    const listed = await screen.findByTestId('day-marks-dialog')
    expect(
      within(listed)
        .getAllByTestId('at-risk-mark')
        .map((mark) => mark.dataset.property),
    ).toEqual(['flat-0', 'flat-1', 'flat-2', 'flat-3', 'flat-4'])
    await user.click(within(listed).getByRole('button', { name: /^Not yet on Booking\.com: .*, Flat 4$/ }))
    const dialog = await screen.findByTestId('at-risk-dialog')
    expect(within(dialog).getByText('Flat 4')).toBeTruthy()
    expect(screen.queryByTestId('day-marks-dialog')).toBeNull()
  })
})
