import { useEffect, useState } from 'react'
import type { DateOnly } from '../../domain/dates.ts'
import { daysOfMonth } from '../../domain/dateRange.ts'
import { useI18n } from '../../i18n.tsx'
import { bookingsOn } from '../../ui/calendar/month/calendarDays.ts'
import { MonthCalendar } from '../../ui/calendar/month/MonthCalendar.tsx'
import { StayListCard } from '../../ui/calendar/month/StayListCard.tsx'
import { lazyPart, WhenOpen } from '../../ui/common/lazyParts.tsx'
import { todayOfProperties, useBookings, useMonth, useStayList } from '../../features/calendar/bookings.ts'
import type { StayListFilters } from '../../features/calendar/feedPaths.ts'

// A day's stays with all their details: loaded when a day is first opened.
export const BookingsModal = lazyPart(() =>
  import('../../ui/calendar/BookingsModal.tsx').then((module) => module.BookingsModal),
)

/** The dashboard lists every property's stays. */
const EVERY_STAY: StayListFilters = {}

/** The dashboard's bookings section: its month calendar and its two stay lists. */
export function BookingsOverview() {
  const { t } = useI18n()
  const { bookings, properties, showDays, isPending } = useBookings()
  // Each stay is current or upcoming by today where its property is, as the server counts them.
  const current = useStayList('current', EVERY_STAY, properties, bookings)
  const upcoming = useStayList('upcoming', EVERY_STAY, properties, bookings)
  const today = todayOfProperties(properties)
  const month = useMonth(today)
  useEffect(() => {
    const { start, end } = daysOfMonth(month.month)
    showDays(start, end)
  }, [month.month, showDays])
  const [openDay, setOpenDay] = useState<DateOnly | null>(null)
  return (
    <>
      <div
        aria-busy={isPending || current.isPending || upcoming.isPending}
        className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-[374px_minmax(0,1fr)_minmax(0,1fr)]"
      >
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
        <StayListCard
          title={t('calendar.current')}
          bookings={current.bookings}
          total={current.total}
          onMore={current.more}
          emptyText={t('calendar.noCurrentStays')}
          testId="dashboard-current"
        />
        <StayListCard
          title={t('calendar.upcoming')}
          bookings={upcoming.bookings}
          total={upcoming.total}
          onMore={upcoming.more}
          emptyText={t('calendar.noUpcomingStays')}
          testId="dashboard-upcoming"
        />
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
    </>
  )
}
