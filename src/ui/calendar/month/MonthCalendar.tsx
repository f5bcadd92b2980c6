import { useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import type { Booking } from '../../../domain/bookings.ts'
import { addMonths, type DateOnly } from '../../../domain/dates.ts'
import { doubleBookedOn } from '../../../domain/stayDetails.ts'
import { isMuted, shapeOf } from '../../../domain/stayShapes.ts'
import { useI18n } from '../../../i18n.tsx'
import { useFormat } from '../../common/format.ts'
import { platformLabel } from '../../property/PlatformLinks.tsx'
import { ColorSwatch, ConflictMark } from './badges.tsx'
import { arrivalsByDay, bookingKey, calendarDays } from './calendarDays.ts'
import { dayForKey } from './dayFocus.ts'
import { DayNumber, MonthGrid } from './MonthGrid.tsx'
import { MonthNavigator } from './MonthNavigator.tsx'
import { AtRiskMarkList, type AtRiskMark, type MarkTarget } from '../atRiskMarks.tsx'

const MAX_DOTS = 4

type Props = {
  month: string
  today: DateOnly
  bookings: readonly Booking[]
  onPrevious: () => void
  onNext: () => void
  onDayClick?: (day: DateOnly) => void
  /**
   * Nights a platform has not imported yet, where this month is the calendar (a phone's): an
   * amber line under each such day, and the marks listed under the month.
   */
  marks?: readonly AtRiskMark[]
  onMarkClick?: (target: MarkTarget) => void
}

/**
 * The month calendar (docs/product.md §2.13): a Sunday-first month (7 columns, at least 340 px wide), the
 * neighbouring months' days greyed, today highlighted, a dot per booking that starts that day.
 * With `onDayClick` its days are one Tab stop (today, or the month's first day): the arrows, Home,
 * End and Page Up and Down move between them as in the date pickers, turning the month when they
 * leave it, and Enter opens the day.
 */
export function MonthCalendar({
  month,
  today,
  bookings,
  onPrevious,
  onNext,
  onDayClick,
  marks = [],
  onMarkClick = () => {},
}: Props) {
  const { t, dir } = useI18n()
  const format = useFormat()
  const days = calendarDays(month)
  // A portfolio's thousands of stays are read once, not once for each of the 42 days: a day's
  // double booking is between stays marked as conflicts, so only those are compared.
  const arrivals = useMemo(() => arrivalsByDay(bookings), [bookings])
  const conflicted = useMemo(() => bookings.filter((booking) => booking.conflict), [bookings])
  const shownMarks = marks.filter((mark) => mark.start <= days.at(-1)! && days[0]! < mark.end)
  const [focusDay, setFocusDay] = useState<DateOnly | null>(null)
  const active =
    focusDay !== null && days.includes(focusDay) ? focusDay : today.startsWith(month) ? today : `${month}-01`
  // The day a key moved to, focused once its month is drawn (the month comes from the props).
  const pending = useRef<{ day: DateOnly; month: string } | null>(null)
  const grid = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    if (pending.current?.month !== month) return
    grid.current?.querySelector<HTMLElement>(`[data-day="${pending.current.day}"]`)?.focus()
    pending.current = null
  })
  const onKeyDown = (event: KeyboardEvent) => {
    const next = dayForKey(active, event, dir)
    if (next === null) return
    event.preventDefault()
    const turn = days.includes(next) ? 0 : next < month ? -1 : 1
    const shown = addMonths(month, turn)
    // A month on or back only: a year's step (Shift and Page) leaves the side month as it is.
    if (!calendarDays(shown).includes(next)) return
    if (turn !== 0) (turn < 0 ? onPrevious : onNext)()
    pending.current = { day: next, month: shown }
    setFocusDay(next)
  }
  return (
    <section
      data-testid="month-calendar"
      // Narrow side padding on a phone leaves the grid its 340 px on a 390 px screen.
      className="rounded-2xl border border-slate-200 bg-white px-2 py-4 shadow-sm sm:px-4"
      aria-label={t('calendar.monthCalendar')}
    >
      <MonthNavigator month={month} onPrevious={onPrevious} onNext={onNext} />
      <div ref={grid} onKeyDown={onDayClick && onKeyDown} className="mt-3 overflow-x-auto">
        <MonthGrid
          month={month}
          className="grid min-w-[340px] grid-cols-7 gap-1"
          headerClassName="py-1 text-center text-[11px] font-semibold text-slate-500"
          narrow
          renderDay={(day) => {
            const dayArrivals = arrivals.get(day) ?? []
            const doubled = doubleBookedOn(conflicted, day).length > 0
            const isToday = day === today
            const atRisk = shownMarks.filter((mark) => mark.start <= day && day < mark.end)
            const told = [
              dayArrivals.length > 0 && t('calendar.arrivals', { count: dayArrivals.length }),
              doubled && t('calendar.doubleBooked'),
              // Each platform's words once, however many properties it misses the night of.
              ...new Set(
                atRisk.map((mark) =>
                  t(mark.acknowledged ? 'atRisk.markClosed' : 'atRisk.mark', {
                    platform: platformLabel(t, mark.platformName),
                  }),
                ),
              ),
            ].filter((part): part is string => typeof part === 'string')
            // The day in full: its name then holds the number it shows as a word (in Arabic a short
            // date writes the 1st "٠١", which is not the "١" on the button).
            const label = told.length
              ? `${format.fullDate(day)}: ${told.join(t('app.separator'))}`
              : format.fullDate(day)
            const content = (
              <>
                <DayNumber day={day} today={today} month={month} className="size-8" />
                {/* A night sold twice: a red "!" on the day's corner, said in its name. */}
                {doubled && <ConflictMark className="absolute end-0.5 top-0.5" testId="day-conflict" />}
                <span className="flex h-1.5 items-center gap-0.5">
                  {dayArrivals.slice(0, MAX_DOTS).map((booking) => (
                    <ColorSwatch
                      key={bookingKey(booking)}
                      color={booking.color}
                      // An echo (synced from Manzil) or a platform's own rule is a faded dot.
                      className={`size-1.5 ring-0 ${isMuted(shapeOf(booking)) ? 'opacity-35' : ''}`}
                    />
                  ))}
                </span>
                {atRisk.length > 0 && (
                  <span
                    aria-hidden="true"
                    data-testid="day-at-risk"
                    className={`absolute inset-x-1 bottom-0.5 h-1 rounded-full ${
                      atRisk.every((mark) => mark.acknowledged) ? 'bg-amber-200' : 'bg-amber-500'
                    }`}
                  />
                )}
              </>
            )
            // Room under the dots for the line of nights at risk, in every row alike.
            const cell = `relative flex flex-col items-center gap-0.5 rounded-xl pt-1 ${
              shownMarks.length > 0 ? 'pb-3' : 'pb-1'
            }`
            return onDayClick ? (
              <button
                key={day}
                type="button"
                role="gridcell"
                aria-label={label}
                aria-current={isToday ? 'date' : undefined}
                data-day={day}
                tabIndex={day === active ? 0 : -1}
                onFocus={() => setFocusDay(day)}
                onClick={() => onDayClick(day)}
                className={`${cell} hover:bg-slate-100`}
              >
                {content}
              </button>
            ) : (
              <div
                key={day}
                role="gridcell"
                aria-label={label}
                aria-current={isToday ? 'date' : undefined}
                data-day={day}
                className={cell}
              >
                {content}
              </div>
            )
          }}
        />
      </div>
      <AtRiskMarkList marks={shownMarks} onOpen={onMarkClick} />
    </section>
  )
}
