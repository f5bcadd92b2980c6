import { act, cleanup, screen, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { createActor, type EventFrom, type SnapshotFrom } from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import { MACHINE_CATALOG, type Variant } from '../../scripts/machineCatalog.ts'
import { addDays } from '../../src/domain/dates.ts'
import { ALL } from '../../src/domain/timeline.ts'
import {
  calendarViewMachine,
  fromSearch,
  toSearch,
  windowDays,
} from '../../src/machines/calendar/calendarView.ts'
import CalendarRoute from '../../src/routes/calendar/CalendarRoute.tsx'
import type { Language } from '../../src/domain/translator.ts'
import { formattersFor } from '../../src/ui/common/format.ts'
import { PHONE_QUERY } from '../../src/ui/common/useMediaQuery.ts'
import { LOFT, VILLA, serveCalendars, type ExportedStay } from '../ui/calendarScreen.tsx'
import { renderWithProviders } from '../ui/providers.tsx'
import { noWayToPerform, stateName, walkMachine, type Walk } from './walk.tsx'

type Event = EventFrom<typeof calendarViewMachine>
type Snapshot = SnapshotFrom<typeof calendarViewMachine>
type Screen = { location: ReturnType<typeof memoryLocation<unknown>> & { history: string[] } }

// Each path renders the whole calendar: a second or more each on a busy 2-core machine.
vi.setConfig({ testTimeout: 30_000 })

/** The catalog's today: the machine's, and the route's once the clock is set to it. */
const TODAY = '2026-03-10'
const english = formattersFor('en')

const stay = (
  propertyId: string,
  stayId: string,
  start: string,
  end: string,
  more: Partial<ExportedStay> = {},
): ExportedStay & { propertyId: string } => ({
  propertyId,
  stayId,
  start,
  end,
  summary: `Confirmed - ${stayId}`,
  platform: 'Airbnb',
  status: 'Confirmed',
  guest: stayId,
  kind: 'booking',
  ...more,
})

/** Two properties' stays around March and April 2026: a conflict, an echo, a manual stay, edges. */
const STAYS = [
  stay(VILLA.id, 'Sara', '2026-03-09', '2026-03-12', { conflict: true }),
  stay(VILLA.id, 'Omar', '2026-03-11', '2026-03-13', { platform: 'Booking.com', conflict: true }),
  stay(VILLA.id, 'Lina', '2026-04-05', '2026-04-08'),
  stay(LOFT.id, 'echo', '2026-03-15', '2026-03-18', {
    summary: 'Blocked',
    platform: 'Vrbo',
    status: 'Blocked',
    guest: '',
    kind: 'block',
    echo: true,
  }),
  stay(LOFT.id, 'Huda', '2026-03-20', '2026-03-25', { platform: 'Manual', status: 'Booked' }),
  stay(LOFT.id, 'Noura', '2026-02-20', '2026-03-09', { platform: 'Booking.com' }),
]

const FEEDS = Object.fromEntries(
  [VILLA, LOFT].map((property) => [property.id, STAYS.filter((one) => one.propertyId === property.id)]),
)

afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  act(() => happyDom().setViewport({ width: 1024 }))
})

const happyDom = () =>
  (window as unknown as { happyDOM: { setViewport: (size: { width: number }) => void } }).happyDOM

/** /calendar at the variant's link, on the catalog's today, once every feed has loaded. */
async function render(variant: Variant, language: Language = 'en'): Promise<Screen> {
  vi.setSystemTime(new Date(`${TODAY}T12:00:00`))
  serveCalendars(FEEDS)
  const { search } = variant.input as { search: string }
  const location = memoryLocation({ path: `/calendar${search}`, record: true })
  await renderWithProviders(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <CalendarRoute />
    </Router>,
    { language },
  )
  await screen.findByRole('option', { name: LOFT.name })
  await vi.waitFor(() => {
    if (document.querySelector('.animate-spin')) throw new Error('the calendar is still loading')
  })
  return { location }
}

/** The month view's calendar: the big grid, or on a phone, where it is not drawn, the side panel's. */
const monthShown = () => screen.queryByTestId('calendar-grid') ?? screen.getByTestId('month-calendar')
const timeline = () => screen.getByTestId('timeline')

async function perform(event: Event, { screen: rendered, user }: { screen: Screen; user: UserEvent }) {
  switch (event.type) {
    case 'switchView':
      return user.click(
        within(screen.getByTestId('calendar-view')).getByRole('button', {
          name: event.view === 'month' ? 'Month' : 'Timeline',
        }),
      )
    case 'previous':
    case 'next': {
      const forward = event.type === 'next'
      return screen.queryByTestId('timeline')
        ? user.click(
            within(timeline()).getByRole('button', { name: forward ? 'Later days' : 'Earlier days' }),
          )
        : user.click(
            within(monthShown()).getByRole('button', { name: forward ? 'Next month' : 'Previous month' }),
          )
    }
    case 'today':
      return user.click(within(timeline()).getByRole('button', { name: 'Today' }))
    case 'setLength':
      return user.click(
        within(screen.getByTestId('timeline-length')).getByRole('button', { name: `${event.length} days` }),
      )
    case 'setProperty':
      return user.selectOptions(screen.getByTestId('property-filter'), event.property)
    case 'setPlatform':
      return user.selectOptions(screen.getByTestId('platform-filter'), event.platform)
    case 'setPhone':
      return act(() => happyDom().setViewport({ width: event.phone ? 390 : 1024 }))
    case 'load':
      return act(() => rendered.location.navigate(`/calendar${event.search}`))
    default:
      return noWayToPerform(event)
  }
}

/**
 * What the URL says is shown, read as a reload would read it. The walk's snapshot names the state
 * reached, but its context may be another path's to the same state; the URL is this path's.
 */
function shownByUrl({ location }: Screen, snapshot: Snapshot) {
  const url = new URL(location.history.at(-1)!, 'http://localhost')
  expect(url.pathname).toBe('/calendar')
  const phone = window.matchMedia(PHONE_QUERY).matches
  const { view, context } = fromSearch(url.search, { today: TODAY, phone })
  expect(view).toBe(snapshot.value)
  // The URL is the canonical one: nothing left that the screen does not show.
  expect(url.search).toBe(toSearch(view, context))
  return { ...snapshot, context } as Snapshot
}

/** What both views show: the view switcher and the filters. */
function expectShared(snapshot: Snapshot) {
  const view = snapshot.value
  const { context } = snapshot
  const switcher = screen.getByTestId('calendar-view')
  expect(within(switcher).getByRole('button', { name: 'Timeline' }).getAttribute('aria-pressed')).toBe(
    String(view === 'timeline'),
  )
  expect(screen.getByTestId<HTMLSelectElement>('property-filter').value).toBe(context.property)
  expect(screen.getByTestId<HTMLSelectElement>('platform-filter').value).toBe(context.platform)
}

/** The stays the timeline must draw: the filters' and the window's. */
function expectedBars({ context }: Snapshot) {
  const end = addDays(context.start, windowDays(context))
  return STAYS.filter(
    (one) =>
      (context.property === ALL || one.propertyId === context.property) &&
      (context.platform === ALL || one.platform === context.platform) &&
      one.start < end &&
      one.end > context.start,
  ).map((one) => one.stayId)
}

const EXPECT_SCREEN = {
  month: ({ screen: rendered, snapshot: reached }: Walk<Screen>) => {
    const snapshot = shownByUrl(rendered, reached as Snapshot)
    expectShared(snapshot)
    expect(screen.queryByTestId('timeline')).toBeNull()
    // On a phone (390 px here) the side panel's month is the calendar; the big grid is not drawn.
    if (snapshot.context.phone) expect(screen.queryByTestId('calendar-grid')).toBeNull()
    expect(within(monthShown()).getByTestId('month-title').textContent).toBe(
      english.monthYear(snapshot.context.month),
    )
  },
  timeline: ({ screen: rendered, snapshot: reached }: Walk<Screen>) => {
    const snapshot = shownByUrl(rendered, reached as Snapshot)
    expectShared(snapshot)
    const { context } = snapshot
    const days = windowDays(context)
    expect(screen.queryByTestId('calendar-grid')).toBeNull()
    expect(within(timeline()).getByTestId('timeline-range').textContent).toBe(
      new Intl.DateTimeFormat('en-GB', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      }).formatRange(
        new Date(`${context.start}T00:00:00Z`),
        new Date(`${addDays(context.start, days - 1)}T00:00:00Z`),
      ),
    )
    expect(
      within(timeline())
        .getAllByTestId('timeline-row')
        .map((row) => row.dataset.property),
    ).toEqual(
      [VILLA, LOFT]
        .filter((property) => context.property === ALL || property.id === context.property)
        .map(({ id }) => id),
    )
    expect(timeline().querySelectorAll('[data-day]')).toHaveLength(days)
    const bars = within(timeline()).queryAllByTestId('timeline-bar')
    expect(bars.map((bar) => bar.getAttribute('title')!.split(' · ')[0]).sort()).toEqual(
      expectedBars(snapshot)
        .map((id) => (id === 'echo' ? 'Blocked' : id))
        .sort(),
    )
    // A phone shows a week and no length to pick; elsewhere the length is pressed.
    const length = screen.queryByTestId('timeline-length')
    if (context.phone) expect(length).toBeNull()
    else
      expect(
        within(length!)
          .getByRole('button', { name: `${context.length} days` })
          .getAttribute('aria-pressed'),
      ).toBe('true')
    const today = timeline().querySelector('[aria-current="date"]')
    expect(today?.getAttribute('data-day') ?? null).toBe(
      TODAY >= context.start && TODAY < addDays(context.start, days) ? TODAY : null,
    )
  },
}

walkMachine({
  machine: calendarViewMachine,
  render: (_pending, variant) => render(variant),
  perform: (event, { screen: rendered, user }) => perform(event, { screen: rendered, user }),
  expectScreen: EXPECT_SCREEN,
})

/**
 * The walk's states are the two views; what each shows also turns on the length, the filters and
 * the phone. These paths reach every mix of them once, from /calendar.
 */
describe('the calendarView screens for each length, filter and screen size', () => {
  const variant = MACHINE_CATALOG.find((entry) => entry.machine === calendarViewMachine)!.variants[0]!
  const paths = getShortestPaths(calendarViewMachine, {
    input: variant.input as { today: string; search: string },
    events: variant.events.filter((event) => !event.type.startsWith('xstate.')) as Event[],
    serializeState: (snapshot) => {
      const { length, property, platform, phone } = snapshot.context
      return JSON.stringify([snapshot.value, length, property, platform, phone])
    },
  })

  it('reaches both views with every mix', () => {
    expect(paths.length).toBeGreaterThanOrEqual(2 * 2 * 2 * 2)
  })

  for (const path of paths.filter((candidate) => candidate.steps.length > 2)) {
    const steps = path.steps.slice(1).map((step) => step.event) as Event[]
    it(`shows ${stateName(path.state.value)} ${JSON.stringify(path.state.context)} after ${steps.map((event) => event.type).join(' → ')}`, () =>
      replay(variant, steps))
  }
})

/**
 * Performs `steps` on the screen and on a fresh machine, and checks that the screen and the URL
 * show what the machine holds.
 */
async function replay(variant: Variant, steps: Event[]) {
  // A test may replay more than one path.
  cleanup()
  vi.useFakeTimers({ shouldAdvanceTime: true })
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
  const rendered = await render(variant)
  for (const event of steps) await perform(event, { screen: rendered, user })
  // This path's own snapshot: the graph keeps one per serialized state, whichever path found it.
  const actor = createActor(calendarViewMachine, { input: variant.input as { today: string } }).start()
  for (const event of steps) actor.send(event)
  const snapshot = actor.getSnapshot()
  expect(rendered.location.history.at(-1)).toBe(`/calendar${toSearch(snapshot.value, snapshot.context)}`)
  EXPECT_SCREEN[snapshot.value]({ screen: rendered, user, variant, snapshot })
  vi.useRealTimers()
  return snapshot.context
}

describe('moving through time, and links', () => {
  const fromCalendar = { name: '/calendar', input: { today: TODAY, search: '' }, events: [] }
  const timelineOf = (search: string) => ({ name: search, input: { today: TODAY, search }, events: [] })

  it("starts the timeline on today's week, steps by its length, and comes back with Today", async () => {
    const steps: Event[] = [
      { type: 'switchView', view: 'timeline' },
      { type: 'setLength', length: 30 },
      { type: 'next' },
      { type: 'next' },
      { type: 'previous' },
    ]
    expect(await replay(fromCalendar, steps)).toMatchObject({ start: '2026-04-07', month: '2026-04' })
    expect(await replay(fromCalendar, [...steps, { type: 'today' }])).toMatchObject({ start: '2026-03-08' })
  })

  it('starts the timeline on the 1st of the month the month view was on', async () => {
    const steps: Event[] = [{ type: 'next' }, { type: 'next' }, { type: 'switchView', view: 'timeline' }]
    expect(await replay(fromCalendar, steps)).toMatchObject({ start: '2026-05-01', month: '2026-05' })
    expect(await replay(fromCalendar, [{ type: 'previous' }])).toMatchObject({ month: '2026-02' })
  })

  it('shows a week on a phone, and steps by a week', async () => {
    const steps: Event[] = [
      { type: 'setPhone', phone: true },
      { type: 'switchView', view: 'timeline' },
      { type: 'next' },
    ]
    expect(await replay(fromCalendar, steps)).toMatchObject({ start: '2026-03-15', phone: true })
  })

  it("opens a link's month on a phone, in the side panel, whose arrows move the link", async () => {
    const steps: Event[] = [
      { type: 'setPhone', phone: true },
      { type: 'load', search: '?month=2026-05' },
      { type: 'next' },
    ]
    expect(await replay(fromCalendar, steps)).toMatchObject({ month: '2026-06', phone: true })
    expect(await replay(fromCalendar, [...steps.slice(0, 2), { type: 'previous' }])).toMatchObject({
      month: '2026-04',
    })
  })

  it('opens a shared link where it points, a window that starts mid-month included', async () => {
    const link = timelineOf('?view=timeline&month=2026-03&start=2026-03-22&days=60&platform=Booking.com')
    expect(await replay(link, [])).toMatchObject({ start: '2026-03-22', length: 60, platform: 'Booking.com' })
  })

  it('falls back to the defaults for a link it cannot read, and rewrites it', async () => {
    for (const search of [
      '?view=foo&month=2026-13&days=7',
      '?view=timeline&month=March&start=2026-02-30&days=-1',
      '?month=0000-00&property=&platform=',
    ]) {
      const context = await replay(timelineOf(search), [])
      expect(context).toMatchObject({ month: '2026-03', length: 14, property: ALL, platform: ALL })
    }
    await replay(fromCalendar, [{ type: 'load', search: '?view=timeline&month=2026-13&days=7' }])
  })
})

describe('the timeline in Arabic', () => {
  it('runs from the right: the same bars, placed from the inline start, in a right-to-left page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const shared = { name: 'timeline', input: { today: TODAY, search: '?view=timeline' }, events: [] }
    await render(shared)
    const leftToRight = within(timeline())
      .getAllByTestId('timeline-bar')
      .map((bar) => bar.closest('[role="gridcell"]')?.getAttribute('style'))
    cleanup()
    await render(shared, 'ar')
    expect(document.documentElement.dir).toBe('rtl')
    const arabic = within(timeline())
      .getAllByTestId('timeline-bar')
      .map((bar) => bar.closest('[role="gridcell"]')?.getAttribute('style'))
    expect(arabic).toEqual(leftToRight)
    for (const style of arabic) expect(style).toMatch(/inset-inline-start/)
    // The grid, named in Arabic, is one Tab stop: one of its nights or stays takes the focus.
    const grid = timeline().querySelector('[role="grid"][aria-label^="الإقامات حسب العقار"]')
    expect(grid?.querySelectorAll('[tabindex="0"]')).toHaveLength(1)
    vi.useRealTimers()
  })
})
