import { memo, useEffect, useMemo, useRef, type CSSProperties, type KeyboardEvent } from 'react'
import { holdsNoNights, type Booking } from '../../domain/bookings.ts'
import { addDays, nightsBetween, type DateOnly } from '../../domain/dates.ts'
import type { TimelineBar, TimelineRow, TimelineWindow } from '../../domain/timeline.ts'
import { useI18n } from '../../i18n.tsx'
import { WINDOW_LENGTHS, type WindowLength } from '../../machines/calendarView.ts'
import { intlLocale } from '../../domain/translator.ts'
import { useFormat } from '../format.ts'
import { ChevronEndIcon, ChevronStartIcon, Icon } from '../icons.tsx'
import { PencilIcon, PhotoIcon } from '../appIcons.tsx'
import { bookingLabels, stayTitle } from './bookingLabels.ts'
import { textColorOn, weekdayColumns } from './calendarDays.ts'
import { SegmentedControl } from './SegmentedControl.tsx'

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
  onPrevious: () => void
  onNext: () => void
  onToday: () => void
  onLengthChange: (length: WindowLength) => void
  onStayClick: (booking: Booking) => void
}

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

const BlockIcon = (props: { width: number; height: number }) => (
  <Icon {...props}>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </Icon>
)

/**
 * An echo or a platform's own rule is hatched in its stay's colour on a pale ground; any other
 * stay is filled with it.
 */
function barLook(booking: Booking): { className: string; style: CSSProperties } {
  if (holdsNoNights(booking))
    return {
      className: 'border-s-4 bg-slate-50 text-slate-600',
      style: {
        borderColor: booking.color,
        backgroundImage: `repeating-linear-gradient(135deg, ${booking.color}40 0 3px, transparent 3px 8px)`,
      },
    }
  return { className: '', style: { backgroundColor: booking.color, color: textColorOn(booking.color) } }
}

const Bar = memo(function Bar({
  bar,
  days,
  onStayClick,
}: {
  bar: TimelineBar<Booking>
  days: number
  onStayClick: (booking: Booking) => void
}) {
  const { t } = useI18n()
  const format = useFormat()
  const { booking } = bar
  const title = stayTitle(t, booking)
  const marks = [
    booking.conflict && t('calendar.conflict'),
    booking.echo && t('manualStay.echo'),
    booking.manual && t('calendar.manual'),
    booking.kind === 'block' && !booking.rule && t('calendar.blocked'),
  ].filter((mark): mark is string => typeof mark === 'string' && mark !== title)
  const dates = t('calendar.dateRange', { start: format.date(booking.start), end: format.date(booking.end) })
  const label = [title, bookingLabels(t, booking).platform, dates, ...marks].join(t('app.separator'))
  const look = barLook(booking)
  const rounded = `${bar.clippedStart ? '' : 'rounded-s-md'} ${bar.clippedEnd ? '' : 'rounded-e-md'}`
  return (
    <button
      type="button"
      data-testid="timeline-bar"
      data-conflict={booking.conflict || undefined}
      data-echo={booking.echo || undefined}
      data-rule={booking.rule}
      data-manual={booking.manual || undefined}
      data-kind={booking.kind}
      aria-label={label}
      title={label}
      onClick={() => onStayClick(booking)}
      className={`absolute z-10 flex min-w-0 items-center gap-1 px-1.5 text-start text-xs font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 ${rounded} ${
        booking.conflict ? 'ring-2 ring-red-600 ring-offset-1' : ''
      } ${look.className}`}
      style={{ ...barPlacement(bar, days), ...look.style }}
    >
      {booking.conflict && (
        <span
          aria-hidden="true"
          className="flex size-4 shrink-0 items-center justify-center rounded-full bg-red-600 text-[10px] leading-none font-bold text-white ring-1 ring-white"
        >
          !
        </span>
      )}
      {booking.manual && <PencilIcon width={12} height={12} className="shrink-0" />}
      {booking.kind === 'block' && !holdsNoNights(booking) && <BlockIcon width={12} height={12} />}
      {/* Guest names come in any script: each bar takes its own text's direction. */}
      <span dir="auto" className="truncate">
        {title}
      </span>
    </button>
  )
})

/** One property's row; memoised, so that a scroll or a neighbour's change repaints no row. */
const Row = memo(function Row({
  row,
  days,
  todayColumn,
  onStayClick,
}: {
  row: TimelineRow<TimelineProperty, Booking>
  days: number
  todayColumn: number
  onStayClick: (booking: Booking) => void
}) {
  const { t } = useI18n()
  const thumbnail = row.property.images[0]?.thumbnailUrl
  const name = row.property.name || t('calendar.unknownProperty')
  const trackHeight = Math.max(1, row.lanes) * LANE + 4
  return (
    <li
      data-testid="timeline-row"
      data-property={row.property.id}
      className="flex border-b border-slate-100"
      // Rows scrolled out of the region's height are neither laid out nor painted.
      style={{ contentVisibility: 'auto', containIntrinsicSize: `auto ${trackHeight + 1}px` }}
    >
      {/* On a phone the photo sits above the name, which gets two lines of the narrow column. */}
      <div
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
        className="relative flex-1"
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
        {row.bars.map((bar) => (
          <Bar
            key={`${bar.booking.propertyId}:${bar.booking.uid}`}
            bar={bar}
            days={days}
            onStayClick={onStayClick}
          />
        ))}
      </div>
    </li>
  )
})

/**
 * Issue 16: the timeline, one row per property with its photo and name held at the start edge,
 * the window's days across, its stays as bars. It scrolls sideways by touch and by the keyboard
 * (arrows a day, Page Up/Down a screen, Home/End to the edges), and runs from the right in Arabic.
 */
export function Timeline({
  rows,
  period,
  today,
  length,
  phone,
  onPrevious,
  onNext,
  onToday,
  onLengthChange,
  onStayClick,
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

  const scrollByKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const box = event.currentTarget
    const day = box.querySelector<HTMLElement>('[data-day]')?.offsetWidth ?? LANE
    const page = Math.max(
      day,
      box.clientWidth - (box.querySelector<HTMLElement>('[data-corner]')?.offsetWidth ?? 0),
    )
    // Arrows move the way they point; Page Down and End move on in time, leftwards in Arabic.
    const forward = dir === 'rtl' ? -1 : 1
    const steps: Record<string, () => void> = {
      ArrowRight: () => box.scrollBy({ left: day }),
      ArrowLeft: () => box.scrollBy({ left: -day }),
      PageDown: () => box.scrollBy({ left: forward * page }),
      PageUp: () => box.scrollBy({ left: -forward * page }),
      Home: () => box.scrollTo({ left: 0 }),
      End: () => box.scrollTo({ left: forward * (box.scrollWidth - box.clientWidth) }),
    }
    const step = steps[event.key]
    if (!step) return
    event.preventDefault()
    step()
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
          role="region"
          tabIndex={0}
          aria-label={t('calendar.timeline.region', { range })}
          onKeyDown={scrollByKey}
          data-testid="timeline-scroll"
          className="overflow-auto overscroll-x-contain rounded-xl border bg-white border-slate-200 [--day:2.125rem] [--name:5.75rem] focus-visible:outline-2 focus-visible:outline-brand-600 md:max-h-[calc(100vh-15rem)] md:[--day:2.75rem] md:[--name:13rem]"
        >
          <div style={{ minWidth: `calc(var(--name) + ${days} * var(--day))` }}>
            <div className="sticky top-0 z-30 flex border-b border-slate-200 bg-white">
              <div
                data-corner
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
                      data-day={day}
                      aria-current={isToday ? 'date' : undefined}
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
            <ul>
              {rows.map((row) => (
                <Row
                  key={row.property.id}
                  row={row}
                  days={days}
                  todayColumn={todayColumn}
                  onStayClick={onStayClick}
                />
              ))}
            </ul>
          </div>
        </div>
      )}
    </section>
  )
}
