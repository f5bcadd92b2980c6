import { assign, setup } from 'xstate'
import { addDays, addMonths, isDateOnly, type DateOnly } from '../../domain/dates.ts'
import { MAX_LINKED_STAYS, STAY_ID } from '../../domain/stayLink.ts'
import { ALL, type CalendarFilters } from '../../domain/timeline.ts'

export type CalendarView = 'month' | 'timeline'
/** The timeline's lengths a host picks from; a phone always shows a week. */
export const WINDOW_LENGTHS = [14, 30, 60] as const
export type WindowLength = (typeof WINDOW_LENGTHS)[number]
export const PHONE_DAYS = 7
const DEFAULT_LENGTH: WindowLength = 14

export type CalendarViewContext = CalendarFilters & {
  today: DateOnly
  /** "YYYY-MM": the month grid's month, and the month the timeline's window starts in. */
  month: string
  /** The timeline's first day. */
  start: DateOnly
  length: WindowLength
  phone: boolean
  /**
   * The stays whose details are open (`?stay=`, the link a notification or a search result
   * gives): one, or a double booking's two. The route opens and closes them by the address.
   */
  stays: readonly string[]
}

type Events =
  | { type: 'switchView'; view: CalendarView }
  | { type: 'previous' }
  | { type: 'next' }
  | { type: 'today' }
  | { type: 'setLength'; length: number }
  | { type: 'setProperty'; property: string }
  | { type: 'setPlatform'; platform: string }
  /** The viewport crossed the phone width. */
  | { type: 'setPhone'; phone: boolean }
  /** The URL's query changed (a reload, a shared link, the back button). */
  | { type: 'load'; search: string }

type Input = { today: DateOnly; search?: string; phone?: boolean }

const isMonth = (value: string | null): value is string =>
  value !== null && /^\d{4}-\d{2}$/.test(value) && isDateOnly(`${value}-01`)
const isLength = (value: number): value is WindowLength =>
  (WINDOW_LENGTHS as readonly number[]).includes(value)

/**
 * Where a month's timeline starts (docs/decisions.md): the Sunday of today's week in today's
 * month, so today is in view with the days just gone; the 1st in any other month.
 */
export function windowAnchor(month: string, today: DateOnly): DateOnly {
  if (month !== today.slice(0, 7)) return `${month}-01`
  return addDays(today, -new Date(`${today}T00:00:00Z`).getUTCDay())
}

/** `?stay=a&stay=b` or `?stay=a,b`: the ids that look like ids, each once, two at most. */
const stayIdsOf = (params: URLSearchParams) =>
  [...new Set(params.getAll('stay').flatMap((value) => value.split(',')))]
    .map((id) => id.trim())
    .filter((id) => STAY_ID.test(id))
    .slice(0, MAX_LINKED_STAYS)

/** The address with no stay open: what closing the stays' details leaves. */
export function withoutStays(search: string): string {
  const params = new URLSearchParams(search)
  params.delete('stay')
  const query = params.toString()
  return query ? `?${query}` : ''
}

/** The address that shows `day` (a linked stay's check-in): its month, or the timeline from it. */
export function showingDay(search: string, day: DateOnly): string {
  const params = new URLSearchParams(search)
  params.set('month', day.slice(0, 7))
  if (params.get('view') === 'timeline') params.set('start', day)
  else params.delete('start')
  return `?${params}`
}

/** The days the timeline shows now. */
export const windowDays = (context: Pick<CalendarViewContext, 'length' | 'phone'>) =>
  context.phone ? PHONE_DAYS : context.length

/**
 * The URL's query as context: each parameter that is missing or not valid falls back to its
 * default (today's month, 14 days, every property and platform), never an error.
 */
export function fromSearch(search: string, { today, phone }: { today: DateOnly; phone: boolean }) {
  const params = new URLSearchParams(search)
  const month = params.get('month')
  const start = params.get('start')
  const length = Number(params.get('days'))
  const context: CalendarViewContext = {
    today,
    phone,
    month: isMonth(month) ? month : today.slice(0, 7),
    start: '',
    length: isLength(length) ? length : DEFAULT_LENGTH,
    property: params.get('property') || ALL,
    platform: params.get('platform') || ALL,
    stays: stayIdsOf(params),
  }
  // A start outside the month is a hand-edited link: the month wins.
  context.start =
    start !== null && isDateOnly(start) && start.startsWith(context.month)
      ? start
      : windowAnchor(context.month, today)
  return { view: params.get('view') === 'timeline' ? 'timeline' : 'month', context } as const
}

/**
 * The query that brings this view back: defaults are left out, so /calendar stays /calendar until
 * the host moves away from today's month, a length, a filter or the month view.
 */
export function toSearch(view: CalendarView, context: CalendarViewContext): string {
  const params = new URLSearchParams()
  if (view === 'timeline') params.set('view', 'timeline')
  if (
    context.month !== context.today.slice(0, 7) ||
    context.start !== windowAnchor(context.month, context.today)
  )
    params.set('month', context.month)
  if (view === 'timeline' && context.start !== windowAnchor(context.month, context.today))
    params.set('start', context.start)
  if (view === 'timeline' && context.length !== DEFAULT_LENGTH) params.set('days', String(context.length))
  if (context.property !== ALL) params.set('property', context.property)
  if (context.platform !== ALL) params.set('platform', context.platform)
  for (const stay of context.stays) params.append('stay', stay)
  const query = params.toString()
  return query ? `?${query}` : ''
}

const toMonth = (month: string, today: DateOnly) => ({ month, start: windowAnchor(month, today) })
const toStart = (start: DateOnly) => ({ start, month: start.slice(0, 7) })

/**
 * What /calendar shows (docs/product.md §2.12): the month grid or the timeline, the month or window, the
 * timeline's length and the filters. The route mirrors the context in the URL, and loads it back
 * from there.
 */
export const calendarViewMachine = setup({
  types: {} as { context: CalendarViewContext; events: Events; input: Input },
  actions: {
    moveMonth: assign(({ context }, params: { by: number }) =>
      toMonth(addMonths(context.month, params.by), context.today),
    ),
    moveWindow: assign(({ context }, params: { by: number }) =>
      toStart(addDays(context.start, params.by * windowDays(context))),
    ),
    goToday: assign(({ context }) => toMonth(context.today.slice(0, 7), context.today)),
    setLength: assign({
      length: ({ context, event }) =>
        event.type === 'setLength' && isLength(event.length) ? event.length : context.length,
    }),
    setProperty: assign({
      property: ({ context, event }) =>
        event.type === 'setProperty' ? event.property || ALL : context.property,
    }),
    setPlatform: assign({
      platform: ({ context, event }) =>
        event.type === 'setPlatform' ? event.platform || ALL : context.platform,
    }),
    setPhone: assign({
      phone: ({ context, event }) => (event.type === 'setPhone' ? event.phone : context.phone),
    }),
    load: assign(({ context, event }) =>
      event.type === 'load' ? fromSearch(event.search, context).context : {},
    ),
  },
  guards: {
    // The machine starts in the view the URL names: the init event carries the input.
    openedOnTimeline: ({ context, event }) => {
      const init = event as { type: string; input?: Input }
      return init.type === 'xstate.init' && fromSearch(init.input?.search ?? '', context).view === 'timeline'
    },
    wantsTimeline: ({ context, event }) =>
      event.type === 'load'
        ? fromSearch(event.search, context).view === 'timeline'
        : event.type === 'switchView' && event.view === 'timeline',
  },
}).createMachine({
  id: 'calendarView',
  context: ({ input }) =>
    fromSearch(input.search ?? '', { today: input.today, phone: input.phone ?? false }).context,
  initial: 'month',
  on: {
    setProperty: { actions: 'setProperty' },
    setPlatform: { actions: 'setPlatform' },
    setPhone: { actions: 'setPhone' },
    load: [
      { guard: 'wantsTimeline', target: '.timeline', actions: 'load' },
      { target: '.month', actions: 'load' },
    ],
  },
  states: {
    month: {
      always: { guard: 'openedOnTimeline', target: 'timeline' },
      on: {
        switchView: { guard: 'wantsTimeline', target: 'timeline' },
        previous: { actions: { type: 'moveMonth', params: { by: -1 } } },
        next: { actions: { type: 'moveMonth', params: { by: 1 } } },
      },
    },
    timeline: {
      on: {
        switchView: { guard: ({ event }) => event.view === 'month', target: 'month' },
        previous: { actions: { type: 'moveWindow', params: { by: -1 } } },
        next: { actions: { type: 'moveWindow', params: { by: 1 } } },
        today: { actions: 'goToday' },
        setLength: { actions: 'setLength' },
      },
    },
  },
})
