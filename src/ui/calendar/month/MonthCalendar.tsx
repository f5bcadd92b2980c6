import type { Booking } from '../../../domain/bookings.ts'
import type { DateOnly } from '../../../domain/dates.ts'
import { doubleBookedOn } from '../../../domain/stayDetails.ts'
import { isMuted, shapeOf } from '../../../domain/stayShapes.ts'
import { useI18n } from '../../../i18n.tsx'
import { useFormat } from '../../frame/format.ts'
import { ColorSwatch, ConflictMark } from './badges.tsx'
import { arrivalsOn, bookingKey } from './calendarDays.ts'
import { DayNumber, MonthGrid } from './MonthGrid.tsx'
import { MonthNavigator } from './MonthNavigator.tsx'

const MAX_DOTS = 4

type Props = {
  month: string
  today: DateOnly
  bookings: readonly Booking[]
  onPrevious: () => void
  onNext: () => void
  onDayClick?: (day: DateOnly) => void
}

/**
 * The month calendar (docs/product.md §2.13): a Sunday-first month (7 columns, at least 340 px wide), the
 * neighbouring months' days greyed, today highlighted, a dot per booking that starts that day.
 */
export function MonthCalendar({ month, today, bookings, onPrevious, onNext, onDayClick }: Props) {
  const { t } = useI18n()
  const format = useFormat()
  return (
    <section
      data-testid="month-calendar"
      // Narrow side padding on a phone leaves the grid its 340 px on a 390 px screen.
      className="rounded-2xl border border-slate-200 bg-white px-2 py-4 shadow-sm sm:px-4"
      aria-label={t('calendar.monthCalendar')}
    >
      <MonthNavigator month={month} onPrevious={onPrevious} onNext={onNext} />
      <div className="mt-3 overflow-x-auto">
        <MonthGrid
          month={month}
          className="grid min-w-[340px] grid-cols-7 gap-1"
          headerClassName="py-1 text-center text-[11px] font-semibold text-slate-500"
          narrow
          renderDay={(day) => {
            const arrivals = arrivalsOn(bookings, day)
            const doubled = doubleBookedOn(bookings, day).length > 0
            const isToday = day === today
            const told = [
              arrivals.length > 0 && t('calendar.arrivals', { count: arrivals.length }),
              doubled && t('calendar.doubleBooked'),
            ].filter((part): part is string => typeof part === 'string')
            const label = told.length
              ? `${format.date(day)}: ${told.join(t('app.separator'))}`
              : format.date(day)
            const content = (
              <>
                <DayNumber day={day} today={today} month={month} className="size-8" />
                {/* A night sold twice: a red "!" on the day's corner, said in its name. */}
                {doubled && <ConflictMark className="absolute end-0.5 top-0.5" testId="day-conflict" />}
                <span className="flex h-1.5 items-center gap-0.5">
                  {arrivals.slice(0, MAX_DOTS).map((booking) => (
                    <ColorSwatch
                      key={bookingKey(booking)}
                      color={booking.color}
                      // An echo (synced from Manzil) or a platform's own rule is a faded dot.
                      className={`size-1.5 ring-0 ${isMuted(shapeOf(booking)) ? 'opacity-35' : ''}`}
                    />
                  ))}
                </span>
              </>
            )
            const cell = 'relative flex flex-col items-center gap-0.5 rounded-xl py-1'
            return onDayClick ? (
              <button
                key={day}
                type="button"
                role="gridcell"
                aria-label={label}
                aria-current={isToday ? 'date' : undefined}
                data-day={day}
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
    </section>
  )
}
