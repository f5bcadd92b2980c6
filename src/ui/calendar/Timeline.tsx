import {
  memo,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
} from 'react'
import { holdsNoNights, type Booking } from '../../domain/bookings.ts'
import { addDays, nightsBetween, type DateOnly } from '../../domain/dates.ts'
import {
  timelineRows,
  type TimelineBar,
  type TimelineRow,
  type TimelineWindow,
} from '../../domain/timeline.ts'
import { useI18n } from '../../i18n.tsx'
import { WINDOW_LENGTHS, type WindowLength } from '../../machines/calendar/calendarView.ts'
import { intlLocale } from '../../domain/translator.ts'
import { useFormat } from '../common/format.ts'
import { ChevronEndIcon, ChevronStartIcon } from '../common/icons.tsx'
import { PhotoIcon } from '../common/appIcons.tsx'
import { bookingKey, weekdayColumns } from './month/calendarDays.ts'
import { stepOf } from './month/dayFocus.ts'
import {
  barAt,
  freeReach,
  nightTaken,
  timelineStep,
  type RowBar,
  type TimelinePosition,
} from './gridFocus.ts'
import { SegmentedControl } from './SegmentedControl.tsx'
import { focusItem, SelectionHint, useSelection, type Selection } from './selection.tsx'
import { barAttributes, BarContent, barLabel, barLook, CalendarLegend, FOCUS_RING } from './stayBars.tsx'
import { AtRiskMarkButton, MARK_LANE_PX, type AtRiskMark, type MarkTarget } from './atRiskMarks.tsx'

/** What a row's start cell shows of its property. */
export type TimelineProperty = { id: string; name: string; images: readonly { thumbnailUrl: string }[] }
export type TimelineRows = readonly TimelineRow<TimelineProperty, Booking>[]

type Props = {
  rows: TimelineRows
  period: TimelineWindow
  today: DateOnly
  length: WindowLength
  /** A phone shows a week and no length to pick. */
  phone: boolean
  /**
   * Whether rows show their property's photo; the screen holds them back while stays load, so
   * that thumbnails never queue before the stays on a phone's few connections.
   */
  photos?: boolean
  onPrevious: () => void
  onNext: () => void
  onToday: () => void
  onLengthChange: (length: WindowLength) => void
  onStayClick: (booking: Booking) => void
  /** Free nights of a property selected (dragged, clicked first and last, or by keys): a stay to add. */
  onSelectNights?: (nights: { propertyId: string; start: DateOnly; end: DateOnly }) => void
  /** Nights a platform has not imported yet, marked under each row's stays. */
  marks?: readonly AtRiskMark[]
  onMarkClick?: (target: MarkTarget) => void
}

/** A row's marks: its platforms' nights at risk inside the window, on lanes of their own. */
type RowMarks = Pick<TimelineRow<unknown, AtRiskMark>, 'lanes' | 'bars'>
const NO_MARKS: RowMarks = { lanes: 0, bars: [] }

/** A lane's height in px: one line of bar text with its gap. */
const LANE = 30
const percent = (part: number, whole: number) => `${(part / whole) * 100}%`

/**
 * Where a bar sits on its row: inline-start and width in shares of the row, so that the same
 * layout runs from the right in Arabic, and the row's width can follow the screen.
 */
export function barPlacement(bar: Pick<TimelineBar<Booking>, 'startColumn' | 'span' | 'lane'>, days: number) {
  return {
    insetInlineStart: percent(bar.startColumn, days),
    width: percent(bar.span, days),
    top: bar.lane * LANE + 4,
    height: LANE - 6,
  } satisfies CSSProperties
}

/** A bar's item id on the timeline (a stay has one bar in the window). */
const barItem = (booking: Booking) => `bar:${bookingKey(booking)}`

/** What the rows tell the timeline: a bar focused, a press and a drag on a row's free nights. */
type RowEvents = {
  onBarFocus: (row: number, bar: TimelineBar<Booking>) => void
  onTrackPress: (row: number, event: PointerEvent<HTMLDivElement>) => void
  onTrackMove: (row: number, event: PointerEvent<HTMLDivElement>) => void
  onStayClick: (booking: Booking) => void
}

const Bar = memo(function Bar({
  bar,
  row,
  days,
  tabbable,
  events,
}: {
  bar: TimelineBar<Booking>
  row: number
  days: number
  tabbable: boolean
  events: RowEvents
}) {
  const { t } = useI18n()
  const format = useFormat()
  const { booking } = bar
  const label = barLabel(t, format, booking)
  const look = barLook(booking)
  const rounded = `${bar.clippedStart ? '' : 'rounded-s-md'} ${bar.clippedEnd ? '' : 'rounded-e-md'}`
  return (
    <div role="gridcell" className="absolute z-10" style={barPlacement(bar, days)}>
      <button
        type="button"
        data-testid="timeline-bar"
        data-item={barItem(booking)}
        {...barAttributes(booking, label)}
        tabIndex={tabbable ? 0 : -1}
        onClick={() => events.onStayClick(booking)}
        onFocus={() => events.onBarFocus(row, bar)}
        className={`relative flex size-full min-w-0 items-center gap-1 text-start text-xs font-medium ${
          // A night's width on a phone leaves a short name room for three letters ("Air…").
          bar.span === 1 ? 'px-0.5 tracking-tight' : 'px-1.5'
        } ${rounded} ${look.className}`}
        style={look.style}
      >
        <BarContent booking={booking} label={label} nights={bar.span} />
      </button>
    </div>
  )
})

/** Property rows drawn at first, and added each time the last drawn one nears the screen. */
export const ROWS_PER_STEP = 40
/** How near the screen the last drawn row is when the next ones are drawn. */
const DRAW_AHEAD = '400px 0px'

/**
 * Calls `onNear` once this mark, after the last drawn row, comes near the screen (or is there
 * already). Keyed by the rows drawn, so each step watches anew and a tall screen keeps drawing
 * until it is full.
 */
function NearEnd({ onNear }: { onNear: () => void }) {
  const mark = useRef<HTMLDivElement>(null)
  const latest = useRef(onNear)
  useLayoutEffect(() => {
    latest.current = onNear
  })
  useEffect(() => {
    const element = mark.current
    if (!element) return
    if (typeof IntersectionObserver === 'undefined') return latest.current()
    const watcher = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current()
      },
      { rootMargin: DRAW_AHEAD },
    )
    watcher.observe(element)
    return () => watcher.disconnect()
  }, [])
  return <div ref={mark} aria-hidden="true" className="h-px" />
}

/**
 * One property's row; memoised, so that a scroll or a neighbour's change repaints no row. Only
 * the row that holds the keyboard's place gets `active` and `selection`.
 */
const Row = memo(function Row({
  row,
  index,
  days,
  start,
  todayColumn,
  active,
  selection,
  events,
  photos,
  marks,
  onMarkClick,
}: {
  row: TimelineRow<TimelineProperty, Booking>
  index: number
  days: number
  start: DateOnly
  todayColumn: number
  /** The item that is the grid's Tab stop, and the night it stands on, when in this row. */
  active: TimelinePosition | null
  selection: Selection | null
  events: RowEvents
  photos: boolean
  marks: RowMarks
  onMarkClick: (target: MarkTarget) => void
}) {
  const { t } = useI18n()
  const format = useFormat()
  const thumbnail = photos ? row.property.images[0]?.thumbnailUrl : undefined
  const name = row.property.name || t('calendar.unknownProperty')
  const stayHeight = Math.max(1, row.lanes) * LANE + 4
  const trackHeight = stayHeight + marks.lanes * MARK_LANE_PX + (marks.lanes > 0 ? 2 : 0)
  const selected =
    selection &&
    [nightsBetween(start, selection.anchor), nightsBetween(start, selection.focus)].sort((a, b) => a - b)
  const night = active && active.bar === null ? active.column : null
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      data-testid="timeline-row"
      data-property={row.property.id}
      className="flex border-b border-slate-100"
      // Rows scrolled out of the region's height are neither laid out nor painted.
      style={{ contentVisibility: 'auto', containIntrinsicSize: `auto ${trackHeight + 1}px` }}
    >
      {/* On a phone the photo sits above the name, which gets two lines of the narrow column. */}
      <div
        role="rowheader"
        data-testid="timeline-property"
        className="sticky start-0 z-20 flex w-(--name) shrink-0 flex-col items-start justify-center gap-0.5 border-e border-slate-200 bg-white px-1.5 py-1 md:flex-row md:items-center md:justify-start md:gap-2 md:px-2"
      >
        {thumbnail ? (
          <img
            src={thumbnail}
            alt=""
            loading="lazy"
            className="size-6 shrink-0 rounded-md object-cover md:size-8"
          />
        ) : (
          <span className="flex size-6 shrink-0 items-center justify-center rounded-md bg-slate-100 text-slate-400 md:size-8">
            <PhotoIcon width={16} height={16} />
          </span>
        )}
        <span
          dir="auto"
          className="line-clamp-2 max-w-full min-w-0 text-xs leading-tight font-medium break-words text-slate-800 md:block md:truncate md:text-sm"
          title={name}
        >
          {name}
        </span>
      </div>
      <div
        data-testid="timeline-track"
        className="relative flex-1"
        onPointerDown={(event) => events.onTrackPress(index, event)}
        onPointerMove={(event) => events.onTrackMove(index, event)}
        style={{
          height: trackHeight,
          // A hairline at each day's end, one tile a day: symmetric, so it needs no mirroring.
          backgroundImage: 'linear-gradient(to right, transparent calc(100% - 1px), rgb(241 245 249) 0)',
          backgroundSize: `${100 / days}% 100%`,
        }}
      >
        {todayColumn >= 0 && (
          <div
            aria-hidden="true"
            className="absolute inset-y-0 bg-brand-50"
            style={{ insetInlineStart: percent(todayColumn, days), width: percent(1, days) }}
          />
        )}
        {selected && (
          <div
            aria-hidden="true"
            data-testid="timeline-selection"
            className="absolute inset-y-0.5 z-20 rounded-md bg-brand-100/80 ring-2 ring-brand-700 ring-inset"
            style={{
              insetInlineStart: percent(selected[0]!, days),
              width: percent(selected[1]! - selected[0]! + 1, days),
            }}
          />
        )}
        {row.bars.map((bar) => (
          <Bar
            key={barItem(bar.booking)}
            bar={bar}
            row={index}
            days={days}
            tabbable={active?.bar === barItem(bar.booking)}
            events={events}
          />
        ))}
        {marks.bars.map((bar) => (
          <div
            key={bar.booking.uid}
            role="gridcell"
            className="absolute z-10"
            style={{
              insetInlineStart: percent(bar.startColumn, days),
              width: percent(bar.span, days),
              top: stayHeight - 2 + bar.lane * MARK_LANE_PX,
            }}
          >
            <AtRiskMarkButton
              mark={bar.booking}
              onOpen={onMarkClick}
              className={`w-full ${bar.clippedStart ? 'rounded-s-none' : ''} ${bar.clippedEnd ? 'rounded-e-none' : ''}`}
            />
          </div>
        ))}
        {night !== null && (
          // The keyboard's place on a free night: a cell of its own, the grid's Tab stop.
          <div
            key={night}
            role="gridcell"
            tabIndex={0}
            data-item={`night:${row.property.id}:${night}`}
            data-testid="timeline-night"
            aria-selected={selection ? true : undefined}
            aria-label={t('calendar.freeNight', { property: name, date: format.date(addDays(start, night)) })}
            className={`absolute inset-y-0.5 z-20 rounded-md ${FOCUS_RING}`}
            style={{ insetInlineStart: percent(night, days), width: percent(1, days) }}
          />
        )}
      </div>
    </div>
  )
})
/**
 * The timeline, one row per property with its photo and name held at the start edge,
 * the window's days across, its stays as bars. It scrolls sideways by touch and by the keyboard
 * (arrows a day, Page Up/Down a screen, Home/End to the edges), and runs from the right in Arabic.
 */
export function Timeline({
  rows,
  period,
  today,
  length,
  phone,
  photos = true,
  onPrevious,
  onNext,
  onToday,
  onLengthChange,
  onStayClick,
  onSelectNights,
  marks = [],
  onMarkClick = () => {},
}: Props) {
  const { t, language, dir } = useI18n()
  const format = useFormat()
  const region = useRef<HTMLDivElement>(null)
  const { start, days } = period
  const dayList = useMemo(
    () => Array.from({ length: days }, (_, index) => addDays(start, index)),
    [start, days],
  )
  const weekdays = useMemo(() => weekdayColumns(intlLocale(language), true), [language])
  const todayColumn = today >= start && nightsBetween(start, today) < days ? nightsBetween(start, today) : -1
  // "22 Nov – 5 Dec 2026": the range as the language writes it, short enough for a phone.
  const range = useMemo(
    () =>
      new Intl.DateTimeFormat(intlLocale(language), {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      }).formatRange(new Date(`${start}T00:00:00Z`), new Date(`${addDays(start, days - 1)}T00:00:00Z`)),
    [language, start, days],
  )

  // A new window is read from its first day.
  useEffect(() => {
    region.current?.scrollTo({ left: 0 })
  }, [start, days])

  // The keyboard's place: a property's row, a night, and the bar there if any. Kept inside the
  // rows and the window as they change.
  const rowBars = useMemo(
    () =>
      rows.map((row) =>
        row.bars.map((bar): RowBar => ({
          id: barItem(bar.booking),
          startColumn: bar.startColumn,
          span: bar.span,
          lane: bar.lane,
          holdsNights: !holdsNoNights(bar.booking),
        })),
      ),
    [rows],
  )
  const marksOf = useMemo(() => {
    const markRows = timelineRows(
      marks.map((mark) => ({ ...mark, platform: mark.platformName })),
      rows.map((row) => row.property),
      { start, days },
    )
    return new Map(markRows.map((row) => [row.property.id, row]))
  }, [marks, rows, start, days])
  const legendStays = useMemo(() => rows.flatMap((row) => row.bars.map((bar) => bar.booking)), [rows])
  const [position, setPosition] = useState<TimelinePosition | null>(null)
  const firstNight = todayColumn >= 0 ? todayColumn : 0
  const active: TimelinePosition =
    position && position.row < rows.length && position.column < days
      ? { ...position, bar: barAt(rowBars[position.row] ?? [], position.column, position.bar)?.id ?? null }
      : { row: 0, column: firstNight, bar: barAt(rowBars[0] ?? [], firstNight)?.id ?? null }
  // A portfolio's hundreds of rows are drawn as they near the screen, and always up to the
  // keyboard's row, so that a phone does not build rows nobody has scrolled to.
  const [drawnRows, setDrawnRows] = useState(ROWS_PER_STEP)
  const drawn = Math.min(rows.length, Math.max(drawnRows, active.row + 1))
  const itemOf = (place: TimelinePosition) =>
    place.bar ?? `night:${rows[place.row]?.property.id ?? ''}:${place.column}`
  // A night's cell exists once drawn: focus moves to the new place after the render.
  const focusNext = useRef<string | null>(null)
  useEffect(() => {
    if (focusNext.current === null) return
    focusItem(region.current, focusNext.current)
    focusNext.current = null
  })
  const moveTo = (place: TimelinePosition) => {
    setPosition(place)
    focusNext.current = itemOf(place)
  }

  const selecting = useSelection(
    ({ start: checkIn, end: checkOut, row }) =>
      row !== undefined && onSelectNights?.({ propertyId: row, start: checkIn, end: checkOut }),
    true,
  )
  const { selection } = selecting

  // The latest values for the rows' handlers, which stay the same object so that rows stay memoised.
  const now = { rows, rowBars, start, days, dir, active, selecting, onStayClick, onSelectNights }
  const latest = useRef(now)
  useLayoutEffect(() => {
    latest.current = now
  })
  const events = useMemo<RowEvents>(() => {
    const columnAt = (event: PointerEvent<HTMLDivElement>) => {
      const { days: count, dir: direction } = latest.current
      const box = event.currentTarget.getBoundingClientRect()
      const along = direction === 'rtl' ? box.right - event.clientX : event.clientX - box.left
      return Math.min(count - 1, Math.max(0, Math.floor((along / Math.max(1, box.width)) * count)))
    }
    return {
      onStayClick: (booking) => latest.current.onStayClick(booking),
      onBarFocus: (row, bar) => {
        const id = barItem(bar.booking)
        if (latest.current.active.bar !== id) setPosition({ row, column: bar.startColumn, bar: id })
      },
      onTrackPress: (row, event) => {
        const { rows: shown, rowBars: bars, start: first, selecting: select } = latest.current
        if (event.button !== 0 || event.pointerType === 'touch' || !latest.current.onSelectNights) return
        if ((event.target as HTMLElement).closest('[data-testid="timeline-bar"]')) return
        const column = columnAt(event)
        if (nightTaken(bars[row] ?? [], column)) return
        const property = shown[row]?.property.id
        if (property === undefined) return
        select.startDrag(addDays(first, column), property)
        setPosition({ row, column, bar: null })
      },
      onTrackMove: (row, event) => {
        const { rows: shown, rowBars: bars, start: first, selecting: select } = latest.current
        const chosen = select.current.current
        if (!chosen || chosen.row !== shown[row]?.property.id) return
        const reach = freeReach(bars[row] ?? [], nightsBetween(first, chosen.anchor), columnAt(event))
        select.dragOver(addDays(first, reach))
      },
    }
  }, [setPosition])

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const chosen = selecting.current.current
    const property = rows[active.row]?.property.id
    if (event.key === 'Escape' && chosen) {
      event.preventDefault()
      selecting.set(null)
      return
    }
    if ((event.key === 'Enter' || event.key === ' ') && active.bar === null && property && onSelectNights) {
      event.preventDefault()
      const night = addDays(start, active.column)
      if (!chosen) selecting.set({ anchor: night, focus: night, row: property })
      selecting.take()
      return
    }
    const step = stepOf(event.key, dir)
    if (!step) return
    event.preventDefault()
    if (event.shiftKey && (step === 'later' || step === 'earlier')) {
      if (active.bar !== null || !property || !onSelectNights) return
      const target = active.column + (step === 'later' ? 1 : -1)
      if (target < 0 || target >= days) return
      const reach = freeReach(rowBars[active.row] ?? [], active.column, target)
      if (reach === active.column) return
      const anchor = chosen?.row === property ? chosen.anchor : addDays(start, active.column)
      selecting.set({ anchor, focus: addDays(start, reach), row: property })
      moveTo({ ...active, column: reach })
      return
    }
    selecting.set(null)
    moveTo(timelineStep(rowBars, days, active, step))
  }

  const arrow = 'flex size-9 items-center justify-center rounded-xl text-slate-600 hover:bg-slate-100'
  return (
    <section
      data-testid="timeline"
      aria-label={t('calendar.timeline.title')}
      className="min-w-0 rounded-2xl border border-slate-200 bg-white p-2 shadow-sm md:p-4"
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 items-center gap-1">
          <button
            type="button"
            onClick={onPrevious}
            aria-label={t('calendar.timeline.previous')}
            className={arrow}
          >
            <ChevronStartIcon />
          </button>
          <h2
            aria-live="polite"
            data-testid="timeline-range"
            className="min-w-0 text-sm font-semibold text-slate-900 md:text-base"
          >
            {range}
          </h2>
          <button type="button" onClick={onNext} aria-label={t('calendar.timeline.next')} className={arrow}>
            <ChevronEndIcon />
          </button>
          <button
            type="button"
            onClick={onToday}
            className="ms-1 h-9 rounded-xl border border-slate-300 px-3 text-sm font-medium text-slate-700 hover:bg-slate-50"
          >
            {t('calendar.timeline.today')}
          </button>
        </div>
        {!phone && (
          <SegmentedControl
            label={t('calendar.timeline.length')}
            testId="timeline-length"
            options={WINDOW_LENGTHS.map((value) => ({
              value,
              label: t('calendar.timeline.days', { count: value }),
            }))}
            value={length}
            onChange={onLengthChange}
          />
        )}
      </div>
      {rows.length === 0 ? (
        <p className="py-8 text-center text-sm text-slate-500">{t('calendar.timeline.empty')}</p>
      ) : (
        <div
          ref={region}
          data-testid="timeline-scroll"
          className="overflow-auto overscroll-x-contain rounded-xl border bg-white border-slate-200 [--day:2.125rem] [--name:5.75rem] md:max-h-[calc(100vh-15rem)] md:[--day:2.75rem] md:[--name:13rem]"
        >
          {/* One Tab stop: arrows move between nights and stays, Enter opens a stay or adds one on a free night. */}
          <div
            role="grid"
            aria-label={t('calendar.timeline.region', { range })}
            aria-rowcount={rows.length + 1}
            onKeyDown={onKeyDown}
            className="select-none"
            style={{ minWidth: `calc(var(--name) + ${days} * var(--day))` }}
          >
            <div role="row" className="sticky top-0 z-30 flex border-b border-slate-200 bg-white">
              <div
                data-corner
                role="columnheader"
                className="sticky start-0 z-10 flex w-(--name) shrink-0 items-end border-e border-slate-200 bg-white px-2 pb-1 text-xs font-semibold text-slate-500"
              >
                {t('calendar.propertyFilter')}
              </div>
              <div className="grid flex-1" style={{ gridTemplateColumns: `repeat(${days}, minmax(0, 1fr))` }}>
                {dayList.map((day) => {
                  const weekday = weekdays[new Date(`${day}T00:00:00Z`).getUTCDay()]
                  const isToday = day === today
                  const monthStart = day.endsWith('-01') || day === start
                  return (
                    <div
                      key={day}
                      role="columnheader"
                      data-day={day}
                      aria-current={isToday ? 'date' : undefined}
                      aria-label={`${weekday?.name ?? ''} ${format.date(day)}`}
                      title={`${weekday?.name ?? ''} ${format.date(day)}`}
                      className={`flex flex-col items-center py-1 text-[11px] leading-tight ${
                        isToday ? 'bg-brand-50 text-brand-700' : 'text-slate-500'
                      }`}
                    >
                      <span className="h-3.5 font-semibold whitespace-nowrap text-slate-700">
                        {monthStart ? format.shortMonth(day.slice(0, 7)) : ''}
                      </span>
                      <span>{weekday?.label}</span>
                      <span
                        className={`mt-0.5 flex size-6 items-center justify-center rounded-full text-xs font-semibold ${
                          isToday ? 'bg-brand-700 text-white' : 'text-slate-800'
                        }`}
                      >
                        {format.number(Number(day.slice(8)))}
                      </span>
                    </div>
                  )
                })}
              </div>
            </div>
            {rows.slice(0, drawn).map((row, index) => (
              <Row
                key={row.property.id}
                row={row}
                index={index}
                days={days}
                start={start}
                todayColumn={todayColumn}
                active={active.row === index ? active : null}
                selection={selection && selection.row === row.property.id ? selection : null}
                events={events}
                photos={photos}
                marks={marksOf.get(row.property.id) ?? NO_MARKS}
                onMarkClick={onMarkClick}
              />
            ))}
            {drawn < rows.length && (
              <NearEnd key={drawn} onNear={() => setDrawnRows(drawn + ROWS_PER_STEP)} />
            )}
          </div>
        </div>
      )}
      {onSelectNights && rows.length > 0 && <SelectionHint selection={selection} />}
      <CalendarLegend bookings={legendStays} />
    </section>
  )
}
