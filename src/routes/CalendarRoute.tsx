import { useMemo, useState } from 'react'
import { localToday, type DateOnly } from '../domain/dates.ts'
import { useI18n } from '../i18n.tsx'
import { BookingsModal } from '../ui/calendar/BookingsModal.tsx'
import { bookingsOn } from '../ui/calendar/calendarDays.ts'
import { CalendarGrid } from '../ui/calendar/CalendarGrid.tsx'
import { MonthCalendar } from '../ui/calendar/MonthCalendar.tsx'
import { ALL_PROPERTIES, PropertyFilter } from '../ui/calendar/PropertyFilter.tsx'
import { StayListCard } from '../ui/calendar/StayListCard.tsx'
import { PageHeader } from '../ui/PageHeader.tsx'
import { Spinner } from '../ui/Spinner.tsx'
import { useBookings, useMonth, useStayLists } from './bookings.ts'

/** SPEC 2, /calendar: the month grid (wide screens), and a side panel with the stay lists. */
export default function CalendarRoute() {
  const { t } = useI18n()
  const today = localToday()
  const { properties, propertiesError, isPending, bookings } = useBookings()
  const [propertyId, setPropertyId] = useState(ALL_PROPERTIES)
  const shown = useMemo(
    () => (propertyId === ALL_PROPERTIES ? bookings : bookings.filter((b) => b.propertyId === propertyId)),
    [bookings, propertyId],
  )
  const stays = useStayLists(shown, today)
  const grid = useMonth(today)
  const mini = useMonth(today)
  const [openDay, setOpenDay] = useState<DateOnly | null>(null)

  return (
    <>
      <PageHeader
        title={t('pages.calendar.title')}
        actions={<PropertyFilter properties={properties} value={propertyId} onChange={setPropertyId} />}
      />
      {propertiesError && (
        <p role="alert" className="mb-4 text-sm text-red-600">
          {propertiesError.message || t('app.unexpectedError')}
        </p>
      )}
      {isPending && <Spinner label={t('app.loading')} className="mb-4" />}
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1fr)_372px]">
        <CalendarGrid
          month={grid.month}
          today={today}
          bookings={shown}
          onPrevious={grid.previous}
          onNext={grid.next}
          onDayClick={setOpenDay}
        />
        <aside
          aria-label={t('calendar.sidePanel')}
          className="grid grid-cols-1 content-start gap-4 md:grid-cols-2 xl:grid-cols-1"
        >
          <div className="md:col-span-2 xl:col-span-1">
            <MonthCalendar
              month={mini.month}
              today={today}
              bookings={shown}
              onPrevious={mini.previous}
              onNext={mini.next}
              onDayClick={setOpenDay}
            />
          </div>
          <StayListCard title={t('calendar.currentStays')} bookings={stays.current} testId="current-stays" />
          <StayListCard
            title={t('calendar.upcomingStays')}
            bookings={stays.upcoming}
            testId="upcoming-stays"
          />
        </aside>
      </div>
      <BookingsModal
        day={openDay}
        bookings={openDay ? bookingsOn(shown, openDay) : []}
        onClose={() => setOpenDay(null)}
      />
    </>
  )
}
