import { screen, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { Link } from 'wouter'
import { SAMPLE_LINK, SAMPLE_MONTH } from '../../scripts/machineCatalog.ts'
import { sameRange, type DateRange } from '../../src/domain/dateRange.ts'
import { addMonths, type DateOnly } from '../../src/domain/dates.ts'
import { dashboardRangeMachine, type RangeLink } from '../../src/machines/dashboard/dashboardRange.ts'
import { DashboardRange } from '../../src/routes/dashboard/DashboardRange.tsx'
import { useDashboardRange } from '../../src/features/dashboard/useDashboardRange.ts'
import { formattersFor } from '../../src/ui/common/format.ts'
import { renderRoute } from '../ui/render.tsx'
import { english } from './screenHelpers.ts'
import { noWayToPerform, walkMachine } from './walk.tsx'

const LABELS = { start: 'Start date', end: 'End date' } as const
const format = formattersFor('en')

/** The dashboard's address for a link or a period: bare for this month (March 2026 here). */
const pathFor = (link: RangeLink) =>
  link.start && link.end
    ? `/dashboard?${new URLSearchParams({ start: link.start, end: link.end })}`
    : '/dashboard'
const pathOfRange = (range: DateRange) => (sameRange(range, SAMPLE_MONTH) ? '/dashboard' : pathFor(range))

function Harness() {
  const [state, send] = useDashboardRange()
  return (
    <>
      <DashboardRange state={state} send={send} />
      <Link href={pathFor(SAMPLE_LINK)}>Open the shared link</Link>
    </>
  )
}

/** The dashboard's period pickers, on 13 March 2026, at the address of `link`. */
async function renderRange(link: RangeLink, language: 'en' | 'ar' = 'en') {
  vi.setSystemTime(new Date(2026, 2, 13, 12))
  return renderRoute(<Harness />, { path: pathFor(link), language })
}

const pickerButton = (field: 'start' | 'end') =>
  screen.getByRole('button', { name: new RegExp(`^${LABELS[field]}: `) })

/** Opens a picker, walks its month grid to `date`'s month and picks the day. */
async function pick(user: UserEvent, field: 'start' | 'end', date: DateOnly) {
  const button = pickerButton(field)
  const [, month, year] = (button.getAttribute('aria-label') ?? '').split(': ')[1]!.split('/')
  let shown = `${year}-${month}`
  await user.click(button)
  const panel = await screen.findByTestId(`${field}-date-panel`)
  while (shown !== date.slice(0, 7)) {
    const forward = shown < date.slice(0, 7)
    await user.click(within(panel).getByRole('button', { name: forward ? 'Next month' : 'Previous month' }))
    shown = addMonths(shown, forward ? 1 : -1)
  }
  await user.click(within(panel).getByRole('gridcell', { name: format.fullDate(date) }))
}

/** What a picker holds, read back from its day/month/year. */
function shownDate(field: 'start' | 'end'): DateOnly {
  const [day, month, year] = (pickerButton(field).getAttribute('aria-label') ?? '').split(': ')[1]!.split('/')
  return `${year}-${month}-${day}`
}

/** The sentence tied to a picker, or null when it is not refused. */
function refusalAt(field: 'start' | 'end'): string | null {
  const button = pickerButton(field)
  if (button.getAttribute('aria-invalid') !== 'true') return null
  return document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent ?? ''
}

/**
 * The graph keeps one snapshot per state and message, whichever range it holds, so the screen is
 * checked against itself: the pickers, the refusal and the address must agree.
 */
walkMachine({
  machine: dashboardRangeMachine,
  render: async (_pending, variant) => renderRange((variant.input as { link: RangeLink }).link),
  perform: async (event, { user }) => {
    switch (event.type) {
      case 'pickStart':
        return pick(user, 'start', event.date)
      case 'pickEnd':
        return pick(user, 'end', event.date)
      case 'reset':
        return user.click(screen.getByRole('button', { name: 'This month' }))
      case 'linkChanged':
        return user.click(screen.getByRole('link', { name: 'Open the shared link' }))
      default:
        return noWayToPerform(event)
    }
  },
  expectScreen: {
    showing: ({ screen: rendered }) => {
      const range = { start: shownDate('start'), end: shownDate('end') }
      expect([refusalAt('start'), refusalAt('end')]).toEqual([null, null])
      // A link that breaks a rule is replaced by the bare address of this month.
      expect(rendered.currentPath()).toBe(pathOfRange(range))
      expect(screen.queryByRole('button', { name: 'This month' }) === null).toBe(
        sameRange(range, SAMPLE_MONTH),
      )
    },
    refused: ({ snapshot, screen: rendered }) => {
      const { key } = (snapshot.context as { error: { key: string } }).error
      const refusals = [refusalAt('start'), refusalAt('end')].filter((text) => text !== null)
      expect(refusals).toEqual([english(key, { days: '366' })])
      // The refused pick stays out of the address: the cards keep the last good period.
      const shown = pathFor({ start: shownDate('start'), end: shownDate('end') })
      expect(rendered.currentPath()).not.toBe(shown)
      expect(screen.getByRole('button', { name: 'This month' })).toBeTruthy()
    },
  },
})

describe('the dashboard period rules', () => {
  const setup = () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    return userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
  }
  const shown = () => ({ start: shownDate('start'), end: shownDate('end') })

  it('starts on this month, with the bare address', async () => {
    setup()
    const rendered = await renderRange({})
    expect(shown()).toEqual(SAMPLE_MONTH)
    expect(rendered.currentPath()).toBe('/dashboard')
    vi.useRealTimers()
  })

  it('writes a picked period into the address, and "This month" takes it out again', async () => {
    const user = setup()
    const rendered = await renderRange({})
    await pick(user, 'start', '2026-02-15')
    expect(rendered.currentPath()).toBe('/dashboard?start=2026-02-15&end=2026-03-31')
    await user.click(screen.getByRole('button', { name: 'This month' }))
    expect(shown()).toEqual(SAMPLE_MONTH)
    expect(rendered.currentPath()).toBe('/dashboard')
    vi.useRealTimers()
  })

  it('takes 366 days from a link and falls back to this month from one of 367', async () => {
    setup()
    const leapYear = { start: '2024-01-01', end: '2024-12-31' }
    const taken = await renderRange(leapYear)
    expect(shown()).toEqual(leapYear)
    expect(taken.currentPath()).toBe(pathFor(leapYear))
    taken.unmount()
    const refused = await renderRange({ start: '2024-01-01', end: '2025-01-01' })
    expect(shown()).toEqual(SAMPLE_MONTH)
    expect(refused.currentPath()).toBe('/dashboard')
    vi.useRealTimers()
  })

  it('falls back to this month from a link that holds no dates', async () => {
    setup()
    const rendered = await renderRange({ start: 'yesterday', end: '2026-02-30' })
    expect(shown()).toEqual(SAMPLE_MONTH)
    expect(rendered.currentPath()).toBe('/dashboard')
    vi.useRealTimers()
  })
})

describe('the dashboard period in Arabic', () => {
  it('tells a refused pick at its field, in Arabic', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    await renderRange({}, 'ar')
    await user.click(screen.getByRole('button', { name: /^تاريخ البداية: / }))
    const panel = await screen.findByTestId('start-date-panel')
    await user.click(within(panel).getByRole('button', { name: 'الشهر التالي' }))
    await user.click(within(panel).getAllByRole('gridcell')[4]!)
    const button = screen.getByRole('button', { name: /^تاريخ البداية: / })
    expect(button.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'تاريخ البداية بعد تاريخ النهاية.',
    )
    vi.useRealTimers()
  })
})
