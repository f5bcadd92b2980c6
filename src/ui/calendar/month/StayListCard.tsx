import { useId, useState } from 'react'
import { holdsNoNights, type Booking } from '../../../domain/bookings.ts'
import { useI18n } from '../../../i18n.tsx'
import { useFormat } from '../../common/format.ts'
import { Heading } from '../../common/Heading.tsx'
import { ConflictBadge, EchoBadge, PlatformBadge, StatusBadge } from './badges.tsx'
import { bookingLabels } from './bookingLabels.ts'
import { bookingKey } from './calendarDays.ts'

type Props = {
  title: string
  /** The stays read so far, in the list's order. */
  bookings: readonly Booking[]
  /** How many stays the whole list holds; the stays read so far when not given. */
  total?: number
  /** Asks for the list's next stays, when those read so far are all drawn and scrolled near. */
  onMore?: () => void
  /** What the card says when it lists nothing, in the list's own words. */
  emptyText: string
  testId?: string
}

/** Stays drawn at first, and added each time the list is scrolled near its end. */
export const STAYS_PER_STEP = 40
/** How near the end of what is drawn a scroll draws the next stays. */
const DRAW_AHEAD_PX = 400

/**
 * A 341 px card listing stays (current or upcoming), scrolling when they do not fit. A
 * portfolio's upcoming stays are thousands: the card counts them all but draws them, and has them
 * read, as the list is scrolled to them, so that a phone neither reads nor lays out thousands of
 * rows nobody has seen.
 */
export function StayListCard({ title, bookings, total = bookings.length, onMore, emptyText, testId }: Props) {
  const { t } = useI18n()
  const format = useFormat()
  const titleId = useId()
  const [drawn, setDrawn] = useState(STAYS_PER_STEP)
  const drawMore = (list: HTMLElement) => {
    if (list.scrollHeight - list.scrollTop - list.clientHeight >= DRAW_AHEAD_PX) return
    // One step past the stays read, which the asked-for page fills when it comes.
    if (drawn < Math.min(total, bookings.length + STAYS_PER_STEP)) setDrawn(drawn + STAYS_PER_STEP)
    if (drawn >= bookings.length) onMore?.()
  }
  return (
    <section
      data-testid={testId}
      aria-label={title}
      className="flex h-[341px] flex-col rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <header className="flex items-center justify-between border-b border-slate-100 px-4 py-3">
        <Heading id={titleId} className="text-sm font-semibold text-slate-900">
          {title}
        </Heading>
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-600 tabular-nums">
          {format.number(total)}
        </span>
      </header>
      {bookings.length === 0 ? (
        <p className="flex flex-1 items-center justify-center px-4 text-center text-sm text-slate-500">
          {emptyText}
        </p>
      ) : (
        // The list scrolls within the card: a keyboard reaches it with Tab and scrolls it with the
        // arrows, and a screen reader hears its title there.
        <ul
          tabIndex={0}
          aria-labelledby={titleId}
          className="flex-1 divide-y divide-slate-100 overflow-y-auto rounded-b-2xl focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
          onScroll={(event) => drawMore(event.currentTarget)}
        >
          {bookings.slice(0, drawn).map((booking) => {
            const labels = bookingLabels(t, booking)
            return (
              <li
                key={bookingKey(booking)}
                className={`flex gap-3 px-4 py-3 ${booking.conflict ? 'bg-red-50/60' : holdsNoNights(booking) ? 'bg-slate-50' : ''}`}
                data-conflict={booking.conflict || undefined}
                data-echo={booking.echo || undefined}
                data-rule={booking.rule}
              >
                <span
                  aria-hidden="true"
                  className={`w-1 shrink-0 self-stretch rounded-full ${holdsNoNights(booking) ? 'opacity-35' : ''}`}
                  style={{ backgroundColor: booking.color }}
                />
                <div className="min-w-0 flex-1">
                  <div className="flex items-start justify-between gap-2">
                    {/* Names keep their own direction, cut at their own end. */}
                    <p dir="auto" className="truncate text-sm font-semibold text-slate-900">
                      {labels.property}
                    </p>
                    <StatusBadge label={labels.status} kind={booking.kind} />
                  </div>
                  <p dir="auto" className="w-fit max-w-full truncate text-sm text-slate-600">
                    {labels.guest}
                  </p>
                  <div className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1">
                    <PlatformBadge label={labels.platform} />
                    {booking.conflict && <ConflictBadge />}
                    {booking.echo && <EchoBadge />}
                    <span className="text-xs text-slate-500 tabular-nums">
                      {t('calendar.dateRange', {
                        start: format.date(booking.start),
                        end: format.date(booking.end),
                      })}
                    </span>
                  </div>
                </div>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
