import { useMemo, useRef, useState, type KeyboardEvent } from 'react'
import type { Booking } from '../../domain/bookings.ts'
import type { DateOnly } from '../../domain/dates.ts'
import { groupBy } from '../../domain/grouping.ts'
import { doubleBookedOn } from '../../domain/stayDetails.ts'
import { useI18n } from '../../i18n.tsx'
import { useFormat } from '../common/format.ts'
import { bookingKey, bookingsOn, calendarDays, weekRow, weeksOf, type WeekBar } from './month/calendarDays.ts'
import { isSelected, monthItem, monthSlots, monthStep, type MonthPosition } from './gridFocus.ts'
import { dayStep, stepOf } from './month/dayFocus.ts'
import { DayNumber, MonthGrid } from './month/MonthGrid.tsx'
import { MonthNavigator } from './month/MonthNavigator.tsx'
import { barAttributes, BarContent, barLabel, barLook, CalendarLegend, FOCUS_RING } from './stayBars.tsx'
import { ConflictMark } from './month/badges.tsx'
import { focusItem, SelectionHint, useSelection } from './selection.tsx'
import { AtRiskMarkButton, MARK_LANE_PX, type AtRiskMark, type MarkTarget } from './atRiskMarks.tsx'

/** At most two events a day, then "+ N more". */
export const EVENTS_PER_DAY = 2

/**
 * Where the bars' lanes sit in a day cell: below the cell's and the day button's padding (2 + 4
 * px), the day's number (28 px) and a gap (4 px). Each lane is a 20 px bar and a 4 px gap.
 */
const FIRST_LANE_TOP = '2.375rem'
const LANE_HEIGHT = '1.5rem'
/** The room between a bar and the edge of its first or last day, where the stay does not go on. */
const BAR_INSET = '0.25rem'

const laneTop = (lane: number) => `calc(${FIRST_LANE_TOP} + ${lane} * ${LANE_HEIGHT})`

type Props = {
  month: string
  today: DateOnly
  bookings: readonly Booking[]
  onPrevious: () => void
  onNext: () => void
  onDayClick: (day: DateOnly) => void
  /** A bar clicked: its stay. Without it, the bar opens its first day in the row. */
  onStayClick?: (booking: Booking) => void
  /** Nights selected (dragged over, or Shift and arrows then Enter): a stay to add on them. */
  onSelectNights?: (nights: { start: DateOnly; end: DateOnly }) => void
  /** Nights a platform has not imported yet, marked under each day's stays. */
  marks?: readonly AtRiskMark[]
  onMarkClick?: (target: MarkTarget) => void
  /** A day's count of marks past the lanes clicked: the day, to list them all. */
  onMoreMarksClick?: (day: DateOnly) => void
}

/** A bar's item id: its stay and the first night it covers in its row (a stay may have several). */
const barId = (bar: WeekBar<Booking>) => `bar:${bookingKey(bar.stay)}@${bar.start}`

/**
 * One stay across a week row: it starts in its first day's cell and runs over the next ones (a
 * week row lays its days side by side, so n days are n cell widths). An end where the stay goes
 * on (into another row, or into days with no lane left for it) is square and touches the edge.
 * It is a button named by its guest, platform, dates and marks, one of the grid's items.
 */
function EventBar({
  bar,
  tabbable,
  onClick,
  onFocus,
}: {
  bar: WeekBar<Booking>
  tabbable: boolean
  onClick: () => void
  onFocus: () => void
}) {
  const { t } = useI18n()
  const format = useFormat()
  const booking = bar.stay
  const label = barLabel(t, format, booking, true)
  const look = barLook(booking)
  const startInset = bar.continuesBefore ? '0px' : BAR_INSET
  const endInset = bar.continuesAfter ? '0px' : BAR_INSET
  return (
    <button
      type="button"
      data-testid="event-bar"
      data-item={barId(bar)}
      {...barAttributes(booking, label)}
      data-span={bar.span}
      tabIndex={tabbable ? 0 : -1}
      onClick={onClick}
      onFocus={onFocus}
      className={`absolute z-10 flex h-5 min-w-0 cursor-pointer items-center gap-1 rounded-md px-1 text-start text-xs font-medium hover:brightness-95 ${
        bar.continuesBefore ? 'rounded-s-none' : ''
      } ${bar.continuesAfter ? 'rounded-e-none' : ''} ${look.className}`}
      style={{
        ...look.style,
        top: laneTop(bar.lane),
        insetInlineStart: startInset,
        width: `calc(${bar.span} * 100% - ${startInset} - ${endInset})`,
      }}
    >
      <BarContent booking={booking} label={label} nights={bar.span} badgeOnCorner />
    </button>
  )
}

/** Lanes of nights-at-risk marks a day of the month draws at most. */
const MARK_LANES = 3

/**
 * /calendar's month (docs/product.md §2.12), Sunday to Saturday, each stay a coloured bar over its nights
 * at most two a day, then "+ N more". The grid is one Tab stop: arrows move between
 * its days and bars (a day, then its bars, going down), Enter opens what has focus; Shift and the
 * arrows select nights, as a pointer's drag over days does, and Enter adds a stay on them.
 */
export function CalendarGrid({
  month,
  today,
  bookings,
  onPrevious,
  onNext,
  onDayClick,
  onStayClick,
  onSelectNights,
  marks = [],
  onMarkClick = () => {},
  onMoreMarksClick = () => {},
}: Props) {
  const { t, dir } = useI18n()
  const format = useFormat()
  // Per day: the bars that start in its cell, and how many of its stays have no lane left; the
  // grid's items for the keyboard.
  const { days, model } = useMemo(() => {
    const byDay = new Map<
      DateOnly,
      { bars: WeekBar<Booking>[]; more: number; shown: Set<string>; doubled: Set<string> }
    >()
    const bars: WeekBar<Booking>[] = []
    // Each day's stays that sell its night twice: they go first in its lanes.
    const doubled = new Map(
      calendarDays(month).map((day) => [day, new Set(doubleBookedOn(bookings, day).map(bookingKey))]),
    )
    const isDoubled = (stay: Booking, day: DateOnly) => doubled.get(day)?.has(bookingKey(stay)) ?? false
    for (const week of weeksOf(calendarDays(month))) {
      const row = weekRow(bookings, week, EVENTS_PER_DAY, isDoubled)
      bars.push(...row.bars)
      week.forEach((day, column) =>
        byDay.set(day, {
          bars: row.bars.filter((bar) => bar.column === column).sort((a, b) => a.lane - b.lane),
          more: row.more[column] ?? 0,
          shown: new Set(
            row.bars
              .filter((bar) => bar.column <= column && column < bar.column + bar.span)
              .map((bar) => bookingKey(bar.stay)),
          ),
          doubled: doubled.get(day) ?? new Set<string>(),
        }),
      )
    }
    const model = monthSlots(
      calendarDays(month),
      bars.map((bar) => ({ id: barId(bar), start: bar.start, span: bar.span, lane: bar.lane })),
      EVENTS_PER_DAY,
    )
    return { days: byDay, model }
  }, [bookings, month])
  // Each week's marks on lanes of their own under the stays' lanes, which every day of the month
  // keeps room for; a portfolio's marks past MARK_LANES are counted on their days, on a lane more.
  const markBars = useMemo(() => {
    const bars: WeekBar<AtRiskMark>[] = []
    const countedOn = new Map<DateOnly, number>()
    let lanes = 0
    for (const week of weeksOf(calendarDays(month))) {
      const row = weekRow(marks, week, MARK_LANES)
      for (const bar of row.bars) {
        bars.push(bar)
        lanes = Math.max(lanes, bar.lane + 1)
      }
      week.forEach((day, column) => {
        const more = row.more[column] ?? 0
        if (more > 0) countedOn.set(day, more)
      })
    }
    return {
      byDay: groupBy(bars, (bar) => bar.start),
      countedOn,
      lanes: lanes + (countedOn.size > 0 ? 1 : 0),
    }
  }, [marks, month])
  const grid = useRef<HTMLDivElement>(null)
  const [position, setPosition] = useState<MonthPosition | null>(null)
  const home = today.startsWith(month) ? today : `${month}-01`
  const active: MonthPosition = position && model.slots.has(position.day) ? position : { day: home, slot: 0 }
  const activeItem = monthItem(model, active)
  // An item focused by a click or Tab becomes the keys' place; one the keys moved to already is,
  // on the day they left from (a bar covers several days: Down then Up goes back to that day).
  const focusedAt = (item: string, place: MonthPosition) =>
    setPosition((current) => (current && monthItem(model, current) === item ? current : place))
  const selecting = useSelection((nights) => onSelectNights?.(nights))
  const { selection } = selecting

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const chosen = selecting.current.current
    if (event.key === 'Escape' && chosen) {
      event.preventDefault()
      selecting.set(null)
      return
    }
    if (event.key === 'Enter' && chosen) {
      event.preventDefault()
      selecting.take()
      return
    }
    const step = stepOf(event.key, dir)
    if (!step) return
    event.preventDefault()
    if (event.shiftKey && onSelectNights) {
      const day = dayStep(active.day, step)
      if (!model.slots.has(day)) return
      selecting.set({ anchor: chosen?.anchor ?? active.day, focus: day })
      setPosition({ day, slot: 0 })
      focusItem(grid.current, `day:${day}`)
      return
    }
    selecting.set(null)
    const next = monthStep(model, active, step)
    setPosition(next)
    focusItem(grid.current, monthItem(model, next))
  }

  return (
    <section
      data-testid="calendar-grid"
      aria-label={t('pages.calendar.title')}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <MonthNavigator month={month} onPrevious={onPrevious} onNext={onNext} titleClassName="text-lg" />
      {/* Keys and drags reach the grid's items from here: the events bubble up from them. */}
      <div ref={grid} onKeyDown={onKeyDown} className="select-none">
        <MonthGrid
          month={month}
          className="mt-4 grid min-w-[340px] grid-cols-7"
          headerClassName="border-b border-slate-200 pb-2 text-center text-xs font-semibold tracking-wide text-slate-500"
          renderDay={(day) => {
            const { bars, more, shown, doubled } = days.get(day) ?? {
              bars: [],
              more: 0,
              shown: new Set<string>(),
              doubled: new Set<string>(),
            }
            const outside = !day.startsWith(month)
            const marksNotDrawn = markBars.countedOn.get(day) ?? 0
            const nights = bookingsOn(bookings, day)
            // A conflict among the stays behind "+ N more" still shows on the day.
            const hiddenConflict = [...doubled].some((key) => !shown.has(key))
            const selected = isSelected(day, selection)
            const dayItem = `day:${day}`
            return (
              <div
                key={day}
                role="gridcell"
                data-day={day}
                data-selected={selected || undefined}
                aria-selected={selection ? selected : undefined}
                aria-current={day === today ? 'date' : undefined}
                onPointerEnter={() => selecting.dragOver(day)}
                className={`relative min-h-28 border-b border-slate-100 p-0.5 ${
                  selected ? 'bg-brand-100' : outside ? 'bg-slate-50/70' : ''
                }`}
                style={
                  markBars.lanes > 0
                    ? { minHeight: `calc(7rem + ${markBars.lanes * MARK_LANE_PX}px)` }
                    : undefined
                }
              >
                {/* Every day opens: its bookings, and a stay to add from it. */}
                <button
                  type="button"
                  data-item={dayItem}
                  tabIndex={activeItem === dayItem ? 0 : -1}
                  onClick={() => onDayClick(day)}
                  onFocus={() => focusedAt(dayItem, { day, slot: 0 })}
                  onPointerDown={(event) => {
                    if (onSelectNights && event.button === 0 && event.pointerType !== 'touch')
                      selecting.startDrag(day)
                  }}
                  className={`flex h-full w-full flex-col rounded-lg p-1 text-start hover:bg-slate-100 ${FOCUS_RING}`}
                >
                  {/* The name: the date and how many stays hold its night; the bars are read after it. */}
                  <span className="sr-only">
                    {[
                      `${format.date(day)}: ${t('calendar.bookingsCount', { count: nights.length })}`,
                      doubled.size > 0 && t('calendar.doubleBooked'),
                    ]
                      .filter(Boolean)
                      .join(t('app.separator'))}
                  </span>
                  <DayNumber day={day} today={today} month={month} className="size-7" />
                  {more > 0 && (
                    <span
                      data-testid={hiddenConflict ? 'hidden-conflict' : undefined}
                      className={`absolute start-1.5 flex items-center gap-1 px-1 text-xs font-semibold whitespace-nowrap ${
                        hiddenConflict ? 'text-red-700' : 'text-slate-500'
                      }`}
                      style={{ top: laneTop(EVENTS_PER_DAY) }}
                    >
                      {hiddenConflict && <ConflictMark />}
                      {t('calendar.more', { count: more })}
                    </span>
                  )}
                </button>
                {bars.map((bar) => (
                  <EventBar
                    key={bookingKey(bar.stay)}
                    bar={bar}
                    tabbable={activeItem === barId(bar)}
                    onFocus={() => focusedAt(barId(bar), { day: bar.start, slot: bar.lane + 1 })}
                    onClick={() => (onStayClick ? onStayClick(bar.stay) : onDayClick(bar.start))}
                  />
                ))}
                {markBars.byDay.get(day)?.map((bar) => (
                  <AtRiskMarkButton
                    key={bar.stay.uid}
                    mark={bar.stay}
                    onOpen={onMarkClick}
                    className={`absolute z-10 ${bar.continuesBefore ? 'rounded-s-none' : ''} ${
                      bar.continuesAfter ? 'rounded-e-none' : ''
                    }`}
                    style={{
                      bottom: `${4 + (markBars.lanes - 1 - bar.lane) * MARK_LANE_PX}px`,
                      insetInlineStart: bar.continuesBefore ? '0px' : BAR_INSET,
                      width: `calc(${bar.span} * 100% - ${bar.continuesBefore ? '0px' : BAR_INSET} - ${
                        bar.continuesAfter ? '0px' : BAR_INSET
                      })`,
                    }}
                  />
                ))}
                {marksNotDrawn > 0 && (
                  <button
                    type="button"
                    data-testid="more-at-risk"
                    onClick={() => onMoreMarksClick(day)}
                    // A day's cell is narrower than the whole phrase: it shows the count, and
                    // names what is counted to screen readers and on hover.
                    aria-label={t('atRisk.moreMarks', { count: marksNotDrawn })}
                    title={t('atRisk.moreMarks', { count: marksNotDrawn })}
                    className={`absolute inset-x-1.5 bottom-1 truncate rounded text-start text-[11px] leading-[18px] font-semibold text-amber-900 hover:underline ${FOCUS_RING}`}
                  >
                    {t('calendar.more', { count: marksNotDrawn })}
                  </button>
                )}
              </div>
            )
          }}
        />
      </div>
      {onSelectNights && <SelectionHint selection={selection} />}
      <CalendarLegend bookings={bookings} />
    </section>
  )
}
