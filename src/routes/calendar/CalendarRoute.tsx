import { useEffect, useMemo, useState } from 'react'
import type { QueryClient } from '@tanstack/react-query'
import type { Booking } from '../../domain/bookings.ts'
import { addDays, type DateOnly } from '../../domain/dates.ts'
import { daysOfMonth } from '../../domain/dateRange.ts'
import { ALL, passesFilters, timelineRows } from '../../domain/timeline.ts'
import { useI18n } from '../../i18n.tsx'
import { windowDays } from '../../machines/calendar/calendarView.ts'
import { bookingLabels } from '../../ui/calendar/month/bookingLabels.ts'
import { bookingsOn } from '../../ui/calendar/month/calendarDays.ts'
import { CalendarGrid } from '../../ui/calendar/CalendarGrid.tsx'
import { MonthCalendar } from '../../ui/calendar/month/MonthCalendar.tsx'
import { FilterSelect } from '../../ui/calendar/FilterSelect.tsx'
import { SegmentedControl } from '../../ui/calendar/SegmentedControl.tsx'
import { StayListCard } from '../../ui/calendar/month/StayListCard.tsx'
import { Timeline } from '../../ui/calendar/Timeline.tsx'
import { Button } from '../../ui/common/form.tsx'
import { PlusIcon } from '../../ui/common/appIcons.tsx'
import { PageHeader } from '../../ui/common/PageHeader.tsx'
import { Spinner } from '../../ui/common/Spinner.tsx'
import { MD_UP_QUERY, PHONE_QUERY, useMediaQuery } from '../../ui/common/useMediaQuery.ts'
import { lazyPart, WhenOpen } from '../../ui/common/lazyParts.tsx'
import { onIdle } from '../../ui/common/idle.ts'
import { prefetchBookings } from '../../features/bookings/bookingKeys.ts'
import { todayOfProperties, useBookings, useMonth, useStayList } from '../../features/calendar/bookings.ts'
import { prefetchProperties } from '../../features/properties/propertyList.ts'
import { useCalendarView } from '../../features/calendar/useCalendarView.ts'
import { SyncHealth } from './SyncHealth.tsx'
import { useManualStayFlow, type ManualStayImplementations } from '../../features/calendar/ManualStayFlow.tsx'
import { useLinkedStays } from '../../features/calendar/useLinkedStays.ts'
import { atRiskMarks, useExposure } from '../../features/imports/exposure.ts'
import type { MarkTarget } from '../../ui/calendar/atRiskMarks.tsx'

// The day's bookings, a stay's details and the manual stay dialogs load once the
// calendar has drawn, not with it: with Headless UI's dialog code they were 7 of the 16 chunks the
// calendar's first screen asked for.
const BookingsModal = lazyPart(() =>
  import('../../ui/calendar/BookingsModal.tsx').then((module) => module.BookingsModal),
)
const StayDetailsDialog = lazyPart(() =>
  import('../../ui/calendar/StayDetailsDialog.tsx').then((module) => module.StayDetailsDialog),
)
const ManualStayDialogs = lazyPart(() =>
  import('./ManualStayDialogs.tsx').then((module) => module.ManualStayDialogs),
)
const AtRiskDialog = lazyPart(() => import('./AtRiskDialog.tsx').then((module) => module.AtRiskDialog))
const DayMarksDialog = lazyPart(() => import('./DayMarksDialog.tsx').then((module) => module.DayMarksDialog))

/** The longest the dialogs' code waits for the page to be idle once the stays are drawn. */
const DIALOGS_WAIT_MS = 3000

type Props = {
  /** The manual-stay flow's actors and actions; a test hands in fakes. */
  manualStay?: ManualStayImplementations
}

/** The property list and the feed are asked for beside the profile when the page opens here. */
export function prefetchData(queryClient: QueryClient) {
  prefetchProperties(queryClient)
  prefetchBookings(queryClient)
}

/**
 * /calendar (docs/product.md §2.12): the month grid (wide screens), and a side panel with the stay
 * lists. A host adds a stay or a block by hand (from the header, or from a day), and edits or
 * deletes one from the bookings modal. Or the timeline, one row per property; the view,
 * the month or window and the filters live in the URL.
 */
export default function CalendarRoute({ manualStay }: Props = {}) {
  const { t } = useI18n()
  const { properties, propertiesError, isPending, bookings, showDays } = useBookings()
  const phone = useMediaQuery(PHONE_QUERY)
  // Below md the side panel's month is the calendar; the big grid is not drawn at all
  // (hidden by CSS, it still cost a throttled phone its render before the first paint).
  const gridFits = useMediaQuery(MD_UP_QUERY)
  const calendar = useCalendarView(todayOfProperties(properties), phone)
  const { property: propertyId, platform, start, length } = calendar.context
  const days = windowDays(calendar.context)
  const filters = useMemo(() => ({ property: propertyId, platform }), [propertyId, platform])
  const shown = useMemo(
    () => bookings.filter((booking) => passesFilters(booking, filters)),
    [bookings, filters],
  )
  // The timeline's rows only for the timeline: the month's view does not draw them.
  const wide = calendar.view === 'timeline'
  const rows = useMemo(
    () => (wide ? timelineRows(bookings, properties, { start, days }, filters) : []),
    [wide, bookings, properties, start, days, filters],
  )
  // The platforms the calendar holds stays of, every platform a property is linked to (so the
  // choice does not change from month to month), and the one the address names.
  const platforms = useMemo(() => {
    const labels = new Map<string, string>()
    for (const booking of bookings)
      if (booking.platform.trim() && !labels.has(booking.platform))
        labels.set(booking.platform, bookingLabels(t, booking).platform)
    for (const property of properties)
      for (const { platformName } of property.externalCalendars)
        if (platformName.trim() && !labels.has(platformName)) labels.set(platformName, platformName)
    if (platform !== ALL && !labels.has(platform)) labels.set(platform, platform)
    return [...labels]
      .map(([value, label]) => ({ value, label }))
      .sort((a, b) => a.label.localeCompare(b.label))
  }, [bookings, properties, platform, t])
  // Each stay is current or upcoming by today where its property is, as the server counts them,
  // of the properties and platform shown; the grids mark today where the shown properties are.
  const listFilters = useMemo(
    () => ({
      ...(propertyId === ALL ? {} : { property: propertyId }),
      ...(platform === ALL ? {} : { platform }),
    }),
    [propertyId, platform],
  )
  const current = useStayList('current', listFilters, properties, bookings)
  const upcoming = useStayList('upcoming', listFilters, properties, bookings)
  // The nights each platform has not imported yet, of the properties shown: marked on both views
  // whatever the platform filter, since they are about another platform than the stay's.
  const exposure = useExposure()
  const marks = useMemo(
    () => atRiskMarks(exposure.data).filter((mark) => propertyId === ALL || mark.propertyId === propertyId),
    [exposure.data, propertyId],
  )
  const [openMark, setOpenMark] = useState<MarkTarget | null>(null)
  // The day whose marks past the grid's lanes are listed.
  const [marksDay, setMarksDay] = useState<DateOnly | null>(null)
  const today = todayOfProperties(
    propertyId === ALL ? properties : properties.filter((property) => property.id === propertyId),
  )
  // The calendar's own steps: the timeline's window, else the month the address names.
  const step = {
    previous: () => calendar.send({ type: 'previous' }),
    next: () => calendar.send({ type: 'next' }),
  }
  const ownMonth = useMonth(today)
  // On a phone the side panel's month is the calendar (the big grid is not drawn): it shows the
  // month the address names, and its arrows move the address. Beside the grid or the timeline it
  // is a month of its own.
  const panelMonth = gridFits || wide ? ownMonth : { month: calendar.context.month, ...step }
  // The feed is read over the months the calendars show: the side panel's, and the timeline's
  // window or the grid's month.
  const panelDays = daysOfMonth(panelMonth.month)
  const gridDays = daysOfMonth(calendar.context.month)
  const shownDays = [
    panelDays.start,
    panelDays.end,
    ...(wide ? [start, addDays(start, days - 1)] : gridFits ? [gridDays.start, gridDays.end] : []),
  ].sort()
  const firstShown = shownDays[0] ?? start
  const lastShown = shownDays.at(-1) ?? start
  useEffect(() => showDays(firstShown, lastShown), [firstShown, lastShown, showDays])
  // The dialogs' code comes once the stays are drawn and the page is idle, not beside their feed
  // on a phone's network.
  const drawing = isPending || current.isPending || upcoming.isPending
  useEffect(() => {
    if (drawing) return
    return onIdle(() => {
      BookingsModal.prefetch()
      StayDetailsDialog.prefetch()
      ManualStayDialogs.prefetch()
      AtRiskDialog.prefetch()
      DayMarksDialog.prefetch()
    }, DIALOGS_WAIT_MS)
  }, [drawing])
  const [openDay, setOpenDay] = useState<DateOnly | null>(null)
  // A stay's details are in the address (`?stay=`): a notification or a search result links
  // there, a reload keeps them open, and Back closes them.
  const linked = useLinkedStays(calendar.context.stays, bookings, isPending, {
    view: calendar.view,
    month: calendar.context.month,
    start,
    days,
  })
  const openStay = (booking: Booking) => linked.open([booking])
  const stayFlow = useManualStayFlow(manualStay)
  // A new stay is for the property the calendar shows, else the first one (the form can change it).
  const stayProperty = propertyId === ALL ? properties[0]?.id : propertyId
  const addStay = (day: DateOnly, end?: DateOnly, property = stayProperty) => {
    if (property === undefined) return
    setOpenDay(null)
    stayFlow.add(property, day, end)
  }

  return (
    <>
      <PageHeader
        title={t('pages.calendar.title')}
        actions={
          <div className="flex flex-wrap items-end gap-3">
            <SegmentedControl
              label={t('calendar.view.label')}
              testId="calendar-view"
              options={(['month', 'timeline'] as const).map((value) => ({
                value,
                label: t(`calendar.view.${value}`),
              }))}
              value={calendar.view}
              onChange={(view) => calendar.send({ type: 'switchView', view })}
            />
            <FilterSelect
              label={t('calendar.propertyFilter')}
              allLabel={t('calendar.allProperties')}
              options={properties.map((property) => ({
                value: property.id,
                label: property.name || t('calendar.unknownProperty'),
              }))}
              value={propertyId}
              onChange={(property) => calendar.send({ type: 'setProperty', property })}
              testId="property-filter"
              widthClass="w-64"
            />
            <FilterSelect
              label={t('calendar.platformFilter')}
              allLabel={t('calendar.allPlatforms')}
              options={platforms}
              value={platform}
              onChange={(next) => calendar.send({ type: 'setPlatform', platform: next })}
              testId="platform-filter"
              widthClass="w-44"
            />
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
          </div>
        }
      />
      {/* Each feed's health above both views; Sync now (with the account's wait) is in it. */}
      <SyncHealth />
      {propertiesError && (
        <p role="alert" className="mb-4 text-sm text-red-600">
          {propertiesError.message || t('app.unexpectedError')}
        </p>
      )}
      {/* The timeline takes the page's width; the stay lists go under it. A column holding the side
          month is at least 374 px: its grid's 340, its padding and its border (narrower, the grid
          scrolls sideways and hides Saturday). */}
      <div
        aria-busy={drawing}
        className={`relative grid grid-cols-1 gap-6 ${wide ? '' : '2xl:grid-cols-[minmax(0,1fr)_374px]'}`}
      >
        {/* Over the calendar, not above it: its going must not move the calendar up (layout shift). */}
        {isPending && (
          <div className="pointer-events-none absolute inset-x-0 top-36 z-10 flex justify-center">
            <Spinner
              label={t('app.loading')}
              className="rounded-full bg-white px-4 py-2 text-sm shadow-md ring-1 ring-slate-200"
            />
          </div>
        )}
        {wide ? (
          <Timeline
            rows={rows}
            period={{ start, days }}
            today={today}
            length={length}
            phone={phone}
            photos={!isPending}
            onPrevious={step.previous}
            onNext={step.next}
            onToday={() => calendar.send({ type: 'today' })}
            onLengthChange={(next) => calendar.send({ type: 'setLength', length: next })}
            onStayClick={openStay}
            onSelectNights={(nights) => addStay(nights.start, nights.end, nights.propertyId)}
            marks={marks}
            onMarkClick={setOpenMark}
          />
        ) : (
          gridFits && (
            <CalendarGrid
              month={calendar.context.month}
              today={today}
              bookings={shown}
              onPrevious={step.previous}
              onNext={step.next}
              onDayClick={setOpenDay}
              onStayClick={openStay}
              onSelectNights={(nights) => addStay(nights.start, nights.end)}
              marks={marks}
              onMarkClick={setOpenMark}
              onMoreMarksClick={setMarksDay}
            />
          )
        )}
        <aside
          aria-label={t('calendar.sidePanel')}
          className={`grid grid-cols-1 content-start gap-4 md:grid-cols-2 ${wide ? 'xl:grid-cols-[auto_minmax(0,1fr)_minmax(0,1fr)]' : 'xl:[&>:first-child]:order-last 2xl:grid-cols-1 2xl:[&>:first-child]:order-none'}`}
        >
          <div className="md:col-span-2 xl:col-span-1">
            <MonthCalendar
              month={panelMonth.month}
              today={today}
              bookings={shown}
              onPrevious={panelMonth.previous}
              onNext={panelMonth.next}
              onDayClick={setOpenDay}
              // Where this month is the calendar (a phone's), it carries the marks.
              {...(gridFits || wide ? {} : { marks, onMarkClick: setOpenMark })}
            />
          </div>
          <StayListCard
            title={t('calendar.currentStays')}
            bookings={current.bookings}
            total={current.total}
            onMore={current.more}
            emptyText={t('calendar.noCurrentStays')}
            testId="current-stays"
          />
          <StayListCard
            title={t('calendar.upcomingStays')}
            bookings={upcoming.bookings}
            total={upcoming.total}
            onMore={upcoming.more}
            emptyText={t('calendar.noUpcomingStays')}
            testId="upcoming-stays"
          />
        </aside>
      </div>
      <WhenOpen open={openDay !== null}>
        <BookingsModal.Component
          day={openDay}
          bookings={openDay ? bookingsOn(shown, openDay) : []}
          allBookings={bookings}
          properties={properties}
          onClose={() => setOpenDay(null)}
          onAdd={stayProperty === undefined ? undefined : (day) => addStay(day)}
          onEdit={(booking) => {
            setOpenDay(null)
            stayFlow.edit(booking)
          }}
          onDelete={(booking) => {
            setOpenDay(null)
            stayFlow.remove(booking)
          }}
        />
      </WhenOpen>
      <WhenOpen open={calendar.context.stays.length > 0}>
        <StayDetailsDialog.Component
          stays={linked.stays}
          problem={linked.problem}
          bookings={bookings}
          properties={properties}
          onClose={linked.close}
          onEdit={(booking) => {
            linked.close()
            stayFlow.edit(booking)
          }}
          onDelete={(booking) => {
            linked.close()
            stayFlow.remove(booking)
          }}
        />
      </WhenOpen>
      <WhenOpen open={marksDay !== null}>
        <DayMarksDialog.Component
          day={marksDay}
          marks={marks}
          onOpen={(target) => {
            setMarksDay(null)
            setOpenMark(target)
          }}
          onClose={() => setMarksDay(null)}
        />
      </WhenOpen>
      <WhenOpen open={openMark !== null}>
        <AtRiskDialog.Component target={openMark} onClose={() => setOpenMark(null)} />
      </WhenOpen>
      <WhenOpen open={stayFlow.state.value !== 'closed'}>
        <ManualStayDialogs.Component flow={stayFlow} properties={properties} />
      </WhenOpen>
    </>
  )
}
