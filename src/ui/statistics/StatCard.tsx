import type { ReactNode } from 'react'
import { LoadingPlaceholder } from '../common/LoadingPlaceholder.tsx'

export type Trend = { change: number; text: string; caption: string }

const TREND_LINE = 'flex flex-wrap items-center gap-2 text-xs'

/** Up and green, down and red, or level and grey, with its caption ("vs 1 – 31 Oct 2026"). */
export function TrendLine({ trend }: { trend: Trend }) {
  const direction = trend.change > 0 ? 'up' : trend.change < 0 ? 'down' : 'flat'
  const tone = {
    up: 'bg-emerald-50 text-emerald-700',
    down: 'bg-red-50 text-red-700',
    flat: 'bg-slate-100 text-slate-600',
  }[direction]
  return (
    <p className={TREND_LINE} data-trend={direction}>
      <span className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 font-semibold ${tone}`}>
        {direction !== 'flat' && (
          <svg viewBox="0 0 12 12" width={10} height={10} aria-hidden="true" fill="currentColor">
            <path d={direction === 'up' ? 'M6 1.5 11 8H1z' : 'M6 10.5 1 4h10z'} />
          </svg>
        )}
        <span>{trend.text}</span>
      </span>
      <span>{trend.caption}</span>
    </p>
  )
}

const CARD = 'flex flex-col gap-3 rounded-2xl border p-5 shadow-sm @min-[52rem]:p-4'

type StatCardProps = {
  label: string
  value: string
  icon: ReactNode
  highlighted?: boolean
  trend?: Trend
  detail?: string
}

/** One figure: its label and mark, the value, and how it compares or what it adds. */
export function StatCard({ label, value, icon, highlighted = false, trend, detail }: StatCardProps) {
  return (
    <li
      data-testid="stat-card"
      data-highlighted={highlighted || undefined}
      className={`${CARD} ${
        highlighted ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-200 bg-white text-slate-900'
      }`}
    >
      <div className="flex items-center gap-3">
        <span
          className={`flex size-9 items-center justify-center rounded-xl ${
            highlighted ? 'bg-white/15 text-white' : 'bg-brand-50 text-brand-700'
          }`}
        >
          {icon}
        </span>
        <h3 className={`min-w-0 text-sm font-medium ${highlighted ? 'text-brand-50' : 'text-slate-500'}`}>
          {label}
        </h3>
      </div>
      <p className="text-2xl font-semibold tracking-tight @min-[52rem]:text-xl" data-testid="stat-value">
        {value}
      </p>
      {trend && <TrendLine trend={trend} />}
      {detail && <p className={`text-xs ${highlighted ? 'text-brand-50' : 'text-slate-500'}`}>{detail}</p>}
    </li>
  )
}

type StatCardRowProps = {
  label: string
  loading: boolean
  error?: string
  /** The dashboard's scrollable row, or a grid where all five fit (the property modal). */
  layout?: 'row' | 'grid'
  /**
   * The longest caption of the cards' trend lines, when they have one: their placeholders keep its
   * room, wrapped as it will be, beside a pill the size of a change.
   */
  trendCaption?: string
  children: ReactNode
}

/**
 * The dashboard's row: five columns where the page gives them 52rem (1280 px with the sidebar
 * open), each card's figure a step smaller; a row that scrolls sideways on anything narrower.
 */
const ROW_FITS = '@min-[52rem]:grid @min-[52rem]:grid-cols-5 @min-[52rem]:gap-3 @min-[52rem]:[&>li]:min-w-0'

const LAYOUTS = {
  row: `-mx-1 flex snap-x gap-4 overflow-x-auto px-1 pb-2 [&>li]:min-w-60 [&>li]:flex-1 [&>li]:shrink-0 [&>li]:snap-start ${ROW_FITS}`,
  grid: 'grid grid-cols-2 gap-3 sm:grid-cols-3',
}

/** Both rows show five figures. */
const FIGURES = 5

/**
 * A card's shape while the figures load, as tall as the card it stands for: icon, value and, when
 * the cards have one, the trend line: nothing moves when the figures arrive.
 */
function StatCardPlaceholder({ trendCaption }: { trendCaption?: string }) {
  return (
    <li className={`${CARD} border-slate-200 bg-white`}>
      <div className="flex items-center gap-3">
        <span className="size-9 rounded-xl bg-slate-100" />
        <span className="h-4 w-24 rounded bg-slate-100" />
      </div>
      <span className="h-8 w-28 rounded-lg bg-slate-100" />
      {trendCaption && (
        <p className={TREND_LINE}>
          <span className="h-5 w-14 rounded-full bg-slate-100" />
          <span className="invisible">{trendCaption}</span>
        </p>
      )}
    </li>
  )
}

/** A horizontally scrollable row of cards; their placeholders meanwhile, red text on failure. */
export function StatCardRow({
  label,
  loading,
  error,
  layout = 'row',
  trendCaption,
  children,
}: StatCardRowProps) {
  if (loading) {
    return (
      <LoadingPlaceholder>
        <ul className={`animate-pulse ${LAYOUTS[layout]}`}>
          {Array.from({ length: FIGURES }, (_, index) => (
            <StatCardPlaceholder key={index} trendCaption={trendCaption} />
          ))}
        </ul>
      </LoadingPlaceholder>
    )
  }
  if (error) {
    return (
      <p role="alert" className="py-6 text-sm text-red-600">
        {error}
      </p>
    )
  }
  return (
    // A row that scrolls sideways takes the focus, so the keyboard can scroll it too.
    <ul aria-label={label} tabIndex={layout === 'row' ? 0 : undefined} className={LAYOUTS[layout]}>
      {children}
    </ul>
  )
}
