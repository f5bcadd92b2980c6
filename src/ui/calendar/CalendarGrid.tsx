import { useMemo } from 'react'
import { holdsNoNights, type Booking } from '../../domain/bookings.ts'
import type { DateOnly } from '../../domain/dates.ts'
import { useI18n } from '../../i18n.tsx'
import { useFormat } from '../format.ts'
import { bookingLabels, stayTitle } from './bookingLabels.ts'
import {
  bookingKey,
  bookingsOn,
  calendarDays,
  textColorOn,
  weekRow,
  weeksOf,
  type WeekBar,
} from './calendarDays.ts'
import { DayNumber, MonthGrid } from './MonthGrid.tsx'
import { MonthNavigator } from './MonthNavigator.tsx'

/** SPEC 9: at most two events a day, then "+ N more". */
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
}

/**
 * One stay across a week row: it starts in its first day's cell and runs over the next ones (a
 * week row lays its days side by side, so n days are n cell widths). An end where the stay goes
 * on (into another row, or into days with no lane left for it) is square and touches the edge.
 */
function EventBar({ bar, onClick }: { bar: WeekBar<Booking>; onClick: () => void }) {
  const { t } = useI18n()
  const format = useFormat()
  const booking = bar.stay
  const title = stayTitle(t, booking)
  const note = booking.conflict ? t('calendar.conflict') : booking.echo ? t('manualStay.echo') : null
  const dates = t('calendar.dateRange', { start: format.date(booking.start), end: format.date(booking.end) })
  // An echo (our own export coming back) or a platform's own rule is muted: a pale bar edged with
  // the stay's colour.
  const look = holdsNoNights(booking)
    ? { className: 'border-s-4 bg-slate-100 text-slate-600', colors: { borderColor: booking.color } }
    : { className: '', colors: { backgroundColor: booking.color, color: textColorOn(booking.color) } }
  const startInset = bar.continuesBefore ? '0px' : BAR_INSET
  const endInset = bar.continuesAfter ? '0px' : BAR_INSET
  return (
    // The day's own button stays the keyboard's way in: it opens every stay of the day.
    <span
      data-testid="event-bar"
      data-conflict={booking.conflict || undefined}
      data-echo={booking.echo || undefined}
      data-rule={booking.rule}
      data-span={bar.span}
      title={[title, bookingLabels(t, booking).property, dates, note]
        .filter(Boolean)
        .join(t('app.separator'))}
      onClick={onClick}
      className={`absolute z-10 flex h-5 min-w-0 cursor-pointer items-center rounded-md px-1.5 text-start text-xs font-medium hover:brightness-95 ${
        bar.continuesBefore ? 'rounded-s-none' : ''
      } ${bar.continuesAfter ? 'rounded-e-none' : ''} ${
        booking.conflict ? 'ring-2 ring-red-600 ring-offset-1' : ''
      } ${look.className}`}
      style={{
        ...look.colors,
        top: laneTop(bar.lane),
        insetInlineStart: startInset,
        width: `calc(${bar.span} * 100% - ${startInset} - ${endInset})`,
      }}
    >
      {booking.conflict && (
        // A badge on the corner, so that the bar keeps its room for the guest's name; the word
        // stays for screen readers.
        <span className="absolute -end-1.5 -top-1.5 flex size-3.5 items-center justify-center rounded-full bg-red-600 text-[10px] leading-none font-bold text-white ring-2 ring-white">
          <span aria-hidden="true">!</span>
          <span className="sr-only">{t('calendar.conflict')}</span>
        </span>
      )}
      {/* Guest names come in any script: each bar takes its own text's direction. */}
      <span dir="auto" className="truncate">
        {title}
      </span>
    </span>
  )
}

/**
 * SPEC 2, /calendar: the month, Sunday to Saturday, each stay a coloured bar over its nights
 * (issue 16), at most two a day, then "+ N more".
 */
export function CalendarGrid({ month, today, bookings, onPrevious, onNext, onDayClick, onStayClick }: Props) {
  const { t } = useI18n()
  const format = useFormat()
  // Per day: the bars that start in its cell, and how many of its stays have no lane left.
  const days = useMemo(() => {
    const byDay = new Map<DateOnly, { bars: WeekBar<Booking>[]; more: number }>()
    for (const week of weeksOf(calendarDays(month))) {
      const row = weekRow(bookings, week, EVENTS_PER_DAY)
      week.forEach((day, column) =>
        byDay.set(day, {
          bars: row.bars.filter((bar) => bar.column === column).sort((a, b) => a.lane - b.lane),
          more: row.more[column] ?? 0,
        }),
      )
    }
    return byDay
  }, [bookings, month])
  return (
    <section
      data-testid="calendar-grid"
      aria-label={t('pages.calendar.title')}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <MonthNavigator month={month} onPrevious={onPrevious} onNext={onNext} titleClassName="text-lg" />
      <MonthGrid
        month={month}
        className="mt-4 grid min-w-[340px] grid-cols-7"
        headerClassName="border-b border-slate-200 pb-2 text-center text-xs font-semibold tracking-wide text-slate-500"
        renderDay={(day) => {
          const { bars, more } = days.get(day) ?? { bars: [], more: 0 }
          const outside = !day.startsWith(month)
          return (
            <div
              key={day}
              role="gridcell"
              data-day={day}
              aria-current={day === today ? 'date' : undefined}
              className={`relative min-h-28 border-b border-slate-100 p-0.5 ${outside ? 'bg-slate-50/70' : ''}`}
            >
              {/* Every day opens: its bookings, and (issue 13) a stay to add from it. */}
              <button
                type="button"
                onClick={() => onDayClick(day)}
                className="flex h-full w-full flex-col rounded-lg p-1 text-start hover:bg-slate-100"
              >
                {/* The name: the date and how many stays hold its night; the bars are read after it. */}
                <span className="sr-only">
                  {`${format.date(day)}: ${t('calendar.bookingsCount', { count: bookingsOn(bookings, day).length })}`}
                </span>
                <DayNumber day={day} today={today} month={month} className="size-7" />
                {more > 0 && (
                  <span
                    className="absolute start-1.5 px-1 text-xs font-semibold whitespace-nowrap text-slate-500"
                    style={{ top: laneTop(EVENTS_PER_DAY) }}
                  >
                    {t('calendar.more', { count: more })}
                  </span>
                )}
              </button>
              {bars.map((bar) => (
                <EventBar
                  key={bookingKey(bar.stay)}
                  bar={bar}
                  onClick={() => (onStayClick ? onStayClick(bar.stay) : onDayClick(bar.start))}
                />
              ))}
            </div>
          )
        }}
      />
    </section>
  )
}
