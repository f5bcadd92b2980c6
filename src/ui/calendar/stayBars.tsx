import type { CSSProperties } from 'react'
import type { Booking } from '../../domain/bookings.ts'
import { nightsBetween } from '../../domain/dates.ts'
import { platformMark } from '../../domain/platforms.ts'
import { shapeMark, shapeName, shapeOf, STAY_SHAPES, type StayShape } from '../../domain/stayShapes.ts'
import type { Translate } from '../../domain/translator.ts'
import { useI18n } from '../../i18n.tsx'
import { PencilIcon } from '../common/appIcons.tsx'
import { Icon } from '../common/icons.tsx'
import type { Formatters } from '../common/format.ts'
import { ConflictMark } from './month/badges.tsx'
import { bookingLabels, stayTitle } from './month/bookingLabels.ts'
import { textColorOn } from './month/calendarDays.ts'

/**
 * A focused bar or night: a thick blue outline outside the bar, clear of a conflict's thin red
 * ring (which sits 1 px off the bar), and drawn above the neighbouring bars.
 */
export const FOCUS_RING =
  'focus-visible:z-30 focus-visible:outline-[3px] focus-visible:outline-offset-[3px] focus-visible:outline-blue-700'

/** A conflict: a thin red ring hugging the bar. */
const CONFLICT_RING = 'ring-2 ring-red-600 ring-offset-1'

/**
 * A bar's accessible name and tooltip: what it is (guest), its nights, its property where the
 * grid mixes properties (the month; a timeline row names its own), its platform, its dates, then
 * what kind of stay it is and whether it is a conflict.
 */
export function barLabel(t: Translate, format: Formatters, booking: Booking, withProperty = false) {
  const title = stayTitle(t, booking)
  const labels = bookingLabels(t, booking)
  const nights = t('manualStay.nights', { count: nightsBetween(booking.start, booking.end) })
  const dates = t('calendar.dateRange', { start: format.date(booking.start), end: format.date(booking.end) })
  // A manual stay's platform already reads "Manual", a block's title "Blocked".
  const marks = [shapeMark(t, booking, format), booking.conflict && t('calendar.conflict')].filter(
    (mark) => mark !== title && mark !== labels.platform,
  )
  return [title, nights, withProperty && labels.property, labels.platform, dates, ...marks]
    .filter((part): part is string => typeof part === 'string')
    .join(t('app.separator'))
}

/** Grey hatching: a block's closed nights. */
const BLOCK_HATCH = 'repeating-linear-gradient(135deg, rgb(148 163 184 / 0.45) 0 2px, transparent 2px 7px)'
/** Hatching in a stay's colour: nights that only mirror what Manzil sent. */
const echoHatch = (color: string) =>
  `repeating-linear-gradient(135deg, ${color}55 0 3px, transparent 3px 8px)`
/** Grey dots: a platform's own rule, neither a stay nor ours. */
const RULE_DOTS = 'radial-gradient(rgb(100 116 139 / 0.45) 1px, transparent 1.5px)'

/**
 * How each kind of stay is drawn, apart by pattern and border and not by colour alone. A sale is
 * filled with its colour (text by contrast); a manual stay too, edged with a dotted line in its
 * text's colour; a block is grey and hatched, edged with its colour; an echo is white, dashed and
 * hatched in its colour; a partial echo the same over a solid foot of its colour (its platform's
 * own nights); a platform's rule is grey, dotted and italic.
 */
export function shapeLook(shape: StayShape, color: string): { className: string; style: CSSProperties } {
  switch (shape) {
    case 'sale':
      return { className: '', style: { backgroundColor: color, color: textColorOn(color) } }
    case 'manual':
      return {
        className: 'border-2 border-dotted',
        style: { backgroundColor: color, color: textColorOn(color), borderColor: textColorOn(color) },
      }
    case 'block':
      return {
        className: 'border-s-4 bg-slate-100 text-slate-800',
        style: { borderInlineStartColor: color, backgroundImage: BLOCK_HATCH },
      }
    case 'echo':
      return {
        className: 'border border-dashed border-slate-500 bg-white text-slate-700',
        style: { backgroundImage: echoHatch(color) },
      }
    case 'partialEcho':
      return {
        className: 'border border-dashed border-slate-500 bg-white text-slate-800',
        style: {
          backgroundImage: `linear-gradient(to top, ${color} 0 4px, transparent 4px), ${echoHatch(color)}`,
        },
      }
    case 'rule':
      return {
        className: 'border border-dotted border-slate-500 bg-slate-50 text-slate-600 italic',
        style: { backgroundImage: RULE_DOTS, backgroundSize: '5px 5px' },
      }
  }
}

/** A bar's look: its kind's, the focus ring, and a conflict's red ring. */
export function barLook(booking: Booking): { className: string; style: CSSProperties } {
  const { className, style } = shapeLook(shapeOf(booking), booking.color)
  return { className: `${FOCUS_RING} ${booking.conflict ? CONFLICT_RING : ''} ${className}`, style }
}

export const BlockIcon = (props: { width: number; height: number; className?: string }) => (
  <Icon {...props}>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </Icon>
)

/**
 * Where a stay came from, at the start of its bar: the platform's letters on a white chip (dark
 * on white whatever the bar's colour), or a pencil for a stay added by hand. Hidden from screen
 * readers: the bar's name says the platform.
 */
export function SourceMark({ booking, className = '' }: { booking: Booking; className?: string }) {
  if (booking.manual || !booking.platform.trim())
    return <PencilIcon width={12} height={12} aria-hidden="true" className={`shrink-0 ${className}`} />
  return (
    <span
      aria-hidden="true"
      className={`shrink-0 rounded-sm bg-white/90 px-0.5 text-[9px] leading-3 font-bold text-slate-900 ${className}`}
    >
      {platformMark(booking.platform)}
    </span>
  )
}

/** A legend's sample of a bar: a short one, drawn as the bars are. */
const SAMPLE = 'relative inline-block h-3.5 w-6 shrink-0 rounded-sm'
/** The colour a legend's samples are drawn in (the colours belong to the stays). */
const SAMPLE_COLOR = '#648DE5'

/**
 * What the bars' looks and marks mean: the platforms the calendar shows, each kind of stay with
 * a sample drawn as its bars are, then a conflict's ring and badge.
 */
export function CalendarLegend({ bookings }: { bookings: readonly Booking[] }) {
  const { t } = useI18n()
  const platforms = [
    ...new Set(
      bookings.filter((booking) => !booking.manual && booking.platform.trim()).map((b) => b.platform),
    ),
  ].sort((a, b) => a.localeCompare(b))
  const item = 'flex items-center gap-1.5'
  const sale = shapeLook('sale', SAMPLE_COLOR)
  return (
    <ul
      aria-label={t('calendar.legend')}
      data-testid="calendar-legend"
      className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1.5 text-xs text-slate-600"
    >
      {platforms.map((platform) => (
        <li key={platform} className={item}>
          <span
            aria-hidden="true"
            className="rounded-sm bg-white px-0.5 text-[9px] leading-3 font-bold text-slate-900 ring-1 ring-slate-300"
          >
            {platformMark(platform)}
          </span>
          {platform}
        </li>
      ))}
      {STAY_SHAPES.map((shape) => {
        const look = shapeLook(shape, SAMPLE_COLOR)
        return (
          <li key={shape} className={item} data-shape={shape}>
            <span aria-hidden="true" className={`${SAMPLE} ${look.className}`} style={look.style} />
            {shapeName(t, shape)}
          </li>
        )
      })}
      <li className={item} data-shape="conflict">
        <span
          aria-hidden="true"
          className={`${SAMPLE} ${CONFLICT_RING} ${sale.className}`}
          style={sale.style}
        >
          <ConflictMark className="absolute -end-1.5 -top-1.5" />
        </span>
        {t('calendar.conflict')}
      </li>
    </ul>
  )
}

/** What every bar tells tests and styles about its stay, and its name as a tooltip. */
export const barAttributes = (booking: Booking, label: string) => ({
  'data-shape': shapeOf(booking),
  'data-conflict': booking.conflict || undefined,
  'data-echo': booking.echo || undefined,
  'data-rule': booking.rule,
  'data-manual': booking.manual || undefined,
  'data-kind': booking.kind,
  title: label,
})

/**
 * What a bar shows: a conflict's badge, where the stay came from, a block's padlock (three
 * nights or more), then its title. A one-night bar keeps its one day's width for the guest's
 * name: its badge sits on the corner (as on every bar of the month's thin lanes), and the
 * platform is left to its name and the legend. Its name is what it shows, then the rest of
 * `label` for screen readers only: no `aria-label` that would differ from the visible text.
 */
export function BarContent({
  booking,
  label,
  nights,
  badgeOnCorner = nights === 1,
}: {
  booking: Booking
  /** The bar's whole name (`barLabel`), which starts with its title. */
  label: string
  /** How many nights the bar covers: one day's width each. */
  nights: number
  badgeOnCorner?: boolean
}) {
  const { t } = useI18n()
  const title = stayTitle(t, booking)
  const oneNight = nights === 1
  const roomy = nights >= 3
  return (
    <>
      {booking.conflict && (
        <ConflictMark className={badgeOnCorner ? 'absolute -end-1.5 -top-1.5 ring-2' : ''} />
      )}
      {/* Two nights on a phone's narrow days leave room for the name alone. */}
      {!oneNight && <SourceMark booking={booking} className={nights === 2 ? 'max-md:hidden' : ''} />}
      {/* The padlock where there is room: the hatching already tells a block apart. */}
      {roomy && booking.kind === 'block' && !booking.rule && (
        <BlockIcon width={12} height={12} className="shrink-0" />
      )}
      {/* Guest names come in any script: each bar takes its own text's direction. */}
      <span dir="auto" className="truncate">
        {title}
      </span>
      <span className="sr-only">{label.slice(title.length)}</span>
    </>
  )
}
