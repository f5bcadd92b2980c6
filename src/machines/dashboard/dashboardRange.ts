import { assign, setup } from 'xstate'
import { rangeFromLink, rangeProblem, sameRange, type DateRange } from '../../domain/dateRange.ts'
import type { DateOnly } from '../../domain/dates.ts'
import type { Feedback } from '../parts/feedback.ts'

export type RangeField = 'start' | 'end'
/** A refused pick, told at the picker that made it. */
export type RangeError = Feedback & { field: RangeField }

/** What the address says: `?start=&end=`, each possibly missing or not a date at all. */
export type RangeLink = { start?: string | null; end?: string | null }

type Context = {
  /** The period the cards show: a range no rule refuses, the one in the address. */
  range: DateRange
  /** What the pickers show: the range, or a refused pick in place of one of its ends. */
  draft: DateRange
  /** This month: where the dashboard starts, and what a link that breaks a rule falls back to. */
  defaultRange: DateRange
  error?: RangeError
}
type Input = { link: RangeLink; defaultRange: DateRange }
type Events =
  | { type: 'pickStart'; date: DateOnly }
  | { type: 'pickEnd'; date: DateOnly }
  | { type: 'reset' }
  /** The address changed under the dashboard: back, forward, or a pasted link. */
  | { type: 'linkChanged'; link: RangeLink }

const PROBLEM_KEYS = {
  start: { endBeforeStart: 'statistics.startAfterEnd', tooLong: 'statistics.rangeTooLong' },
  end: { endBeforeStart: 'statistics.endBeforeStart', tooLong: 'statistics.rangeTooLong' },
} as const

const picked = (draft: DateRange, event: Events): { field: RangeField; draft: DateRange } | null => {
  if (event.type === 'pickStart') return { field: 'start', draft: { ...draft, start: event.date } }
  if (event.type === 'pickEnd') return { field: 'end', draft: { ...draft, end: event.date } }
  return null
}

const linkRange = (link: RangeLink, defaultRange: DateRange) =>
  rangeFromLink(link.start, link.end) ?? defaultRange

/**
 * The dashboard's period (docs/product.md §2.6). It starts as the link says, or this month when the link says
 * nothing usable; a pick that puts the start after the end, or spans over 366 days, is refused at
 * its picker and the cards keep the last good period.
 */
export const dashboardRangeMachine = setup({
  types: {} as { context: Context; events: Events; input: Input },
  actions: {
    /** The route writes the chosen period into the address. */
    rangeChosen: (_, _range: DateRange) => {},
    apply: assign(({ context, event }) => {
      const range = picked(context.draft, event)?.draft ?? context.defaultRange
      return { range, draft: range, error: undefined }
    }),
    refuse: assign(({ context, event }) => {
      const pick = picked(context.draft, event)
      if (!pick) return {}
      const problem = rangeProblem(pick.draft) ?? 'endBeforeStart'
      return { draft: pick.draft, error: { field: pick.field, key: PROBLEM_KEYS[pick.field][problem] } }
    }),
    followLink: assign(({ context, event }) => {
      if (event.type !== 'linkChanged') return {}
      const range = linkRange(event.link, context.defaultRange)
      return { range, draft: range, error: undefined }
    }),
  },
  guards: {
    pickFits: ({ context, event }) => {
      const pick = picked(context.draft, event)
      return pick !== null && rangeProblem(pick.draft) === null
    },
    linkMoved: ({ context, event }) =>
      event.type === 'linkChanged' && !sameRange(linkRange(event.link, context.defaultRange), context.range),
  },
}).createMachine({
  id: 'dashboardRange',
  context: ({ input }) => {
    const range = linkRange(input.link, input.defaultRange)
    return { range, draft: range, defaultRange: input.defaultRange }
  },
  initial: 'showing',
  on: {
    pickStart: [
      {
        guard: 'pickFits',
        target: '.showing',
        actions: ['apply', { type: 'rangeChosen', params: ({ context }) => context.range }],
      },
      { target: '.refused', actions: 'refuse' },
    ],
    pickEnd: [
      {
        guard: 'pickFits',
        target: '.showing',
        actions: ['apply', { type: 'rangeChosen', params: ({ context }) => context.range }],
      },
      { target: '.refused', actions: 'refuse' },
    ],
    reset: {
      target: '.showing',
      actions: ['apply', { type: 'rangeChosen', params: ({ context }) => context.range }],
    },
    linkChanged: { guard: 'linkMoved', target: '.showing', actions: 'followLink' },
  },
  states: {
    /** The pickers show the period the cards show. */
    showing: {},
    /** A pick was refused: its picker holds it with the reason; the cards keep the last period. */
    refused: {},
  },
})
