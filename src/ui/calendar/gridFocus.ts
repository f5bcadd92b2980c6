import { addDays, type DateOnly } from '../../domain/dates.ts'
import { dayStep, type Step } from './month/dayFocus.ts'

/** Selected nights, first to last, as a stay's check-in and check-out. */
export function nightsSelected(anchor: DateOnly, focus: DateOnly) {
  const [first, last] = anchor <= focus ? [anchor, focus] : [focus, anchor]
  return { start: first, end: addDays(last, 1) }
}

/** Whether `day` is one of the nights from `anchor` to `focus` (either way round). */
export const isSelected = (day: DateOnly, selection: { anchor: DateOnly; focus: DateOnly } | null) =>
  selection !== null &&
  day >= (selection.anchor < selection.focus ? selection.anchor : selection.focus) &&
  day <= (selection.anchor < selection.focus ? selection.focus : selection.anchor)

/** One bar's place in a week row of the month: its first night and how many it covers. */
type MonthBar = { id: string; start: DateOnly; span: number; lane: number }

/**
 * What can take focus on each day of the month grid: the day itself (slot 0), then the bar of
 * each shown lane that covers its night (slot lane + 1), or nothing where that lane is empty.
 */
export type MonthSlots = {
  slots: ReadonlyMap<DateOnly, readonly (string | null)[]>
  bars: ReadonlyMap<string, MonthBar>
}

export function monthSlots(days: readonly DateOnly[], bars: readonly MonthBar[], lanes: number): MonthSlots {
  const slots = new Map<DateOnly, (string | null)[]>(
    days.map((day) => [day, [`day:${day}`, ...Array.from({ length: lanes }, () => null)]]),
  )
  for (const bar of bars)
    for (let night = 0; night < bar.span; night++) {
      const slot = slots.get(addDays(bar.start, night))
      if (slot) slot[bar.lane + 1] = bar.id
    }
  return { slots, bars: new Map(bars.map((bar) => [bar.id, bar])) }
}

/** A place in the month grid: a day, and the day itself (0) or one of its lanes' bars. */
export type MonthPosition = { day: DateOnly; slot: number }

/** The item at a place: its slot if filled, else the day. */
export const monthItem = (model: MonthSlots, { day, slot }: MonthPosition) =>
  model.slots.get(day)?.[slot] ?? `day:${day}`

/**
 * Where a step goes in the month grid. Later and earlier move along a lane: from a day to the
 * next day, from a bar to what follows its last night in the same lane (or that day). Down and
 * up go through a day's bars, then on to the same weekday in the next or previous week. The grid
 * keeps focus at its edges.
 */
export function monthStep(model: MonthSlots, position: MonthPosition, step: Step): MonthPosition {
  const { slots } = model
  const at = (day: DateOnly, slot: number): MonthPosition => {
    if (!slots.has(day)) return position
    return { day, slot: slots.get(day)?.[slot] ? slot : 0 }
  }
  const item = monthItem(model, position)
  const bar = model.bars.get(item)
  const filled = (day: DateOnly) =>
    (slots.get(day) ?? []).flatMap((id, slot) => (id !== null && slot > 0 ? [slot] : []))
  switch (step) {
    case 'later':
      return bar ? at(addDays(bar.start, bar.span), position.slot) : at(dayStep(position.day, step), 0)
    case 'earlier':
      return bar ? at(addDays(bar.start, -1), position.slot) : at(dayStep(position.day, step), 0)
    case 'down': {
      const next = filled(position.day).find((slot) => slot > position.slot)
      return next !== undefined ? { day: position.day, slot: next } : at(dayStep(position.day, step), 0)
    }
    case 'up': {
      if (position.slot > 0) {
        const previous = filled(position.day)
          .filter((slot) => slot < position.slot)
          .at(-1)
        return { day: position.day, slot: previous ?? 0 }
      }
      const above = dayStep(position.day, step)
      return slots.has(above) ? { day: above, slot: filled(above).at(-1) ?? 0 } : position
    }
    case 'rowStart':
    case 'rowEnd':
      return at(dayStep(position.day, step), 0)
  }
}

/** A bar on a timeline row, for the keyboard: its columns and lane, and whether it holds nights. */
export type RowBar = { id: string; startColumn: number; span: number; lane: number; holdsNights: boolean }

/**
 * A place on the timeline: a property's row, a day's column, and the bar there that has focus
 * (null on a free night).
 */
export type TimelinePosition = { row: number; column: number; bar: string | null }

/**
 * The bar covering `column` on a row: `prefer` (a bar's id, or a lane) if it covers it, else the
 * top one.
 */
export function barAt(
  bars: readonly RowBar[],
  column: number,
  prefer?: string | number | null,
): RowBar | undefined {
  const covering = bars
    .filter((bar) => bar.startColumn <= column && column < bar.startColumn + bar.span)
    .sort((a, b) => a.lane - b.lane)
  return covering.find((bar) => bar.id === prefer || bar.lane === prefer) ?? covering[0]
}

/** Whether a night is taken on a row: a bar that holds nights covers it (an echo's do not count). */
export const nightTaken = (bars: readonly RowBar[], column: number) =>
  bars.some((bar) => bar.holdsNights && bar.startColumn <= column && column < bar.startColumn + bar.span)

/**
 * Where a step goes on the timeline. Later and earlier move a night, or from a bar past its
 * last or first night; up and down go through the bars stacked on a night, then to the next or
 * previous property's row on the same night. Home and End go to the row's first and last night.
 * Focus stays at the window's edges.
 */
export function timelineStep(
  rows: readonly (readonly RowBar[])[],
  days: number,
  position: TimelinePosition,
  step: Step,
): TimelinePosition {
  const bars = rows[position.row] ?? []
  const bar = bars.find((candidate) => candidate.id === position.bar)
  const on = (row: number, column: number, lane?: number): TimelinePosition => {
    if (row < 0 || row >= rows.length || column < 0 || column >= days) return position
    return { row, column, bar: barAt(rows[row] ?? [], column, lane)?.id ?? null }
  }
  const stacked = bars
    .filter(
      (other) => other.startColumn <= position.column && position.column < other.startColumn + other.span,
    )
    .sort((a, b) => a.lane - b.lane)
  switch (step) {
    case 'later':
      return on(position.row, bar ? bar.startColumn + bar.span : position.column + 1, bar?.lane)
    case 'earlier':
      return on(position.row, bar ? bar.startColumn - 1 : position.column - 1, bar?.lane)
    case 'down': {
      const below = bar ? stacked.find((other) => other.lane > bar.lane) : undefined
      return below ? { ...position, bar: below.id } : on(position.row + 1, position.column)
    }
    case 'up': {
      const above = bar ? stacked.filter((other) => other.lane < bar.lane).at(-1) : undefined
      return above ? { ...position, bar: above.id } : on(position.row - 1, position.column)
    }
    case 'rowStart':
      return on(position.row, 0)
    case 'rowEnd':
      return on(position.row, days - 1)
  }
}

/**
 * How far a selection of free nights may reach from `anchor` towards `target` on a row: it stops
 * before the first taken night.
 */
export function freeReach(bars: readonly RowBar[], anchor: number, target: number): number {
  const way = target > anchor ? 1 : -1
  let reach = anchor
  while (reach !== target && !nightTaken(bars, reach + way)) reach += way
  return reach
}
