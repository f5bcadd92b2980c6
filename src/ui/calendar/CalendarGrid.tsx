import type { Booking } from '../../domain/bookings.ts'
import type { DateOnly } from '../../domain/dates.ts'
import { useI18n } from '../../i18n.tsx'
import { useFormat } from '../format.ts'
import { bookingLabels } from './bookingLabels.ts'
import { bookingKey, bookingsOn, textColorOn } from './calendarDays.ts'
import { DayNumber, MonthGrid } from './MonthGrid.tsx'
import { MonthNavigator } from './MonthNavigator.tsx'

/** SPEC 9: at most two events a day, then "+ N more". */
export const EVENTS_PER_DAY = 2

type Props = {
  month: string
  today: DateOnly
  bookings: readonly Booking[]
  onPrevious: () => void
  onNext: () => void
  onDayClick: (day: DateOnly) => void
}

function EventBar({ booking }: { booking: Booking }) {
  const { t } = useI18n()
  const labels = bookingLabels(t, booking)
  const title = t('calendar.eventTitle', { guest: labels.guest, status: labels.status })
  const note = booking.conflict ? t('calendar.conflict') : booking.echo ? t('manualStay.echo') : null
  // An echo (our own export coming back) is muted: a pale bar edged with the stay's colour.
  const look = booking.echo
    ? { className: 'border-s-4 bg-slate-100 text-slate-600', style: { borderColor: booking.color } }
    : { className: '', style: { backgroundColor: booking.color, color: textColorOn(booking.color) } }
  return (
    <span
      data-testid="event-bar"
      data-conflict={booking.conflict || undefined}
      data-echo={booking.echo || undefined}
      title={note ? `${title} · ${note}` : title}
      className={`relative flex min-w-0 items-center rounded-md px-1 py-0.5 text-start text-xs font-medium ${
        booking.conflict ? 'ring-2 ring-red-600 ring-offset-1' : ''
      } ${look.className}`}
      style={look.style}
    >
      {booking.conflict && (
        // A badge on the corner, so that the narrow bar keeps its room for the guest's name; the
        // word stays for screen readers.
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

/** SPEC 2, /calendar: the month, Sunday to Saturday, each night's bookings as coloured bars. */
export function CalendarGrid({ month, today, bookings, onPrevious, onNext, onDayClick }: Props) {
  const { t } = useI18n()
  const format = useFormat()
  return (
    <section
      data-testid="calendar-grid"
      aria-label={t('pages.calendar.title')}
      className="hidden rounded-2xl border border-slate-200 bg-white p-4 shadow-sm md:block"
    >
      <MonthNavigator month={month} onPrevious={onPrevious} onNext={onNext} titleClassName="text-lg" />
      <MonthGrid
        month={month}
        className="mt-4 grid min-w-[340px] grid-cols-7"
        headerClassName="border-b border-slate-200 pb-2 text-center text-xs font-semibold tracking-wide text-slate-500"
        renderDay={(day) => {
          const dayBookings = bookingsOn(bookings, day)
          const hidden = dayBookings.length - EVENTS_PER_DAY
          const outside = !day.startsWith(month)
          return (
            <div
              key={day}
              role="gridcell"
              data-day={day}
              aria-current={day === today ? 'date' : undefined}
              className={`min-h-28 border-b border-slate-100 p-0.5 ${outside ? 'bg-slate-50/70' : ''}`}
            >
              {/* Every day opens: its bookings, and (issue 13) a stay to add from it. */}
              <button
                type="button"
                onClick={() => onDayClick(day)}
                className="flex h-full w-full flex-col gap-1 rounded-lg p-1 text-start hover:bg-slate-100"
              >
                {/* The name: the date and count, then what the bars show (their text is in the name too). */}
                <span className="sr-only">
                  {`${format.date(day)}: ${t('calendar.bookingsCount', { count: dayBookings.length })}`}
                </span>
                <DayNumber day={day} today={today} month={month} className="size-7" />
                {dayBookings.slice(0, EVENTS_PER_DAY).map((booking) => (
                  <EventBar key={bookingKey(booking)} booking={booking} />
                ))}
                {hidden > 0 && (
                  <span className="px-1 text-xs font-semibold whitespace-nowrap text-slate-500">
                    {t('calendar.more', { count: hidden })}
                  </span>
                )}
              </button>
            </div>
          )
        }}
      />
    </section>
  )
}
