import { useState } from 'react'
import { Link } from 'wouter'
import type { DateOnly } from '../../domain/dates.ts'
import { useI18n } from '../../i18n.tsx'
import { bookingsOn } from '../../ui/calendar/calendarDays.ts'
import { MonthCalendar } from '../../ui/calendar/MonthCalendar.tsx'
import { StayListCard } from '../../ui/calendar/StayListCard.tsx'
import { ChevronEndIcon } from '../../ui/icons.tsx'
import { lazyPart, WhenOpen } from '../../ui/lazyParts.tsx'
import { todayOfProperties, useBookings, useMonth, useStayLists } from '../bookings.ts'

// A day's stays with all their details: loaded when a day is first opened (issue 17).
const BookingsModal = lazyPart(() =>
  import('../../ui/calendar/BookingsModal.tsx').then((module) => module.BookingsModal),
)

/** SPEC 2, dashboard: the "bookings calendar" section, its month calendar and the two stay lists. */
export function BookingsSection() {
  const { t } = useI18n()
  const { bookings, properties } = useBookings()
  // Issue 13: each stay is current or upcoming by today where its property is.
  const stays = useStayLists(bookings, properties)
  const today = todayOfProperties(properties)
  const month = useMonth(today)
  const [openDay, setOpenDay] = useState<DateOnly | null>(null)
  return (
    <section
      aria-labelledby="bookings-title"
      data-testid="bookings-section"
      className="mb-8"
      onPointerEnter={BookingsModal.prefetch}
      onFocus={BookingsModal.prefetch}
    >
      <header className="mb-4 flex items-center justify-between gap-4">
        <h2 id="bookings-title" className="text-lg font-semibold text-slate-900">
          {t('pages.calendar.title')}
        </h2>
        <Link
          href="/calendar"
          className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:text-brand-800"
        >
          {t('calendar.openCalendar')}
          <ChevronEndIcon width={16} height={16} />
        </Link>
      </header>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-[372px_minmax(0,1fr)_minmax(0,1fr)]">
        <div className="md:col-span-2 xl:col-span-1">
          <MonthCalendar
            month={month.month}
            today={today}
            bookings={bookings}
            onPrevious={month.previous}
            onNext={month.next}
            onDayClick={setOpenDay}
          />
        </div>
        <StayListCard title={t('calendar.current')} bookings={stays.current} testId="dashboard-current" />
        <StayListCard title={t('calendar.upcoming')} bookings={stays.upcoming} testId="dashboard-upcoming" />
      </div>
      <WhenOpen open={openDay !== null}>
        {openDay && (
          <BookingsModal.Component
            day={openDay}
            bookings={bookingsOn(bookings, openDay)}
            allBookings={bookings}
            properties={properties}
            onClose={() => setOpenDay(null)}
          />
        )}
      </WhenOpen>
    </section>
  )
}
