import { useMemo, useState } from 'react'
import type { DateOnly } from '../domain/dates.ts'
import { useI18n } from '../i18n.tsx'
import { BookingsModal } from '../ui/calendar/BookingsModal.tsx'
import { bookingsOn } from '../ui/calendar/calendarDays.ts'
import { CalendarGrid } from '../ui/calendar/CalendarGrid.tsx'
import { MonthCalendar } from '../ui/calendar/MonthCalendar.tsx'
import { ALL_PROPERTIES, PropertyFilter } from '../ui/calendar/PropertyFilter.tsx'
import { StayListCard } from '../ui/calendar/StayListCard.tsx'
import { Button } from '../ui/form.tsx'
import { PlusIcon } from '../ui/icons.tsx'
import { PageHeader } from '../ui/PageHeader.tsx'
import { Spinner } from '../ui/Spinner.tsx'
import { todayOfProperties, useBookings, useMonth, useStayLists } from './bookings.ts'
import { SyncNowButton } from './SyncNowButton.tsx'
import { ManualStayDialogs, useManualStayFlow, type ManualStayImplementations } from './ManualStayFlow.tsx'

type Props = {
  /** The manual-stay flow's actors and actions; a test hands in fakes. */
  manualStay?: ManualStayImplementations
}

/**
 * SPEC 2, /calendar: the month grid (wide screens), and a side panel with the stay lists. Issue
 * 13: a host adds a stay or a block by hand (from the header, or from a day), and edits or
 * deletes one from the bookings modal.
 */
export default function CalendarRoute({ manualStay }: Props = {}) {
  const { t } = useI18n()
  const { properties, propertiesError, isPending, bookings } = useBookings()
  const [propertyId, setPropertyId] = useState(ALL_PROPERTIES)
  const shown = useMemo(
    () => (propertyId === ALL_PROPERTIES ? bookings : bookings.filter((b) => b.propertyId === propertyId)),
    [bookings, propertyId],
  )
  // Issue 13: each stay is current or upcoming by today where its property is; the grids mark
  // today where the shown properties are.
  const stays = useStayLists(shown, properties)
  const today = todayOfProperties(
    propertyId === ALL_PROPERTIES ? properties : properties.filter((property) => property.id === propertyId),
  )
  const grid = useMonth(today)
  const mini = useMonth(today)
  const [openDay, setOpenDay] = useState<DateOnly | null>(null)
  const stayFlow = useManualStayFlow(manualStay)
  // A new stay is for the property the calendar shows, else the first one (the form can change it).
  const stayProperty = propertyId === ALL_PROPERTIES ? properties[0]?.id : propertyId
  const addStay = (day: DateOnly) => {
    if (stayProperty === undefined) return
    setOpenDay(null)
    stayFlow.add(stayProperty, day)
  }

  return (
    <>
      <PageHeader
        title={t('pages.calendar.title')}
        actions={
          <div className="flex flex-wrap items-end gap-3">
            <PropertyFilter properties={properties} value={propertyId} onChange={setPropertyId} />
            <Button
              type="button"
              onClick={() => addStay(today)}
              disabled={stayProperty === undefined}
              className="h-10"
              data-testid="add-stay"
            >
              <PlusIcon width={18} height={18} />
              {t('manualStay.add')}
            </Button>
            {/* Sync now sits here too, with the account's wait (issue 15). */}
            <SyncNowButton className="h-10" />
          </div>
        }
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
        onAdd={stayProperty === undefined ? undefined : addStay}
        onEdit={(booking) => {
          setOpenDay(null)
          stayFlow.edit(booking)
        }}
        onDelete={(booking) => {
          setOpenDay(null)
          stayFlow.remove(booking)
        }}
      />
      <ManualStayDialogs flow={stayFlow} properties={properties} />
    </>
  )
}
