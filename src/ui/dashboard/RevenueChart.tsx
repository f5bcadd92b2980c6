import { useEffect, useMemo, useRef, useState, type RefObject } from 'react'
import type { MonthlyFigures } from '../../../contract/statistics.ts'
import { useI18n } from '../../i18n.tsx'
import { useFormat } from '../common/format.ts'
import { CHART_HEIGHT, FIGURE, Legend } from './RevenueChartFrame.tsx'

/** Laid out in CSS pixels at the width it gets, so its text stays 12 px on a phone too. */
export const DEFAULT_CHART_WIDTH = 720
const TOP = 16
const BOTTOM = 44
const TICKS = 4
/** Below this width the axes take less room and every other month is named. */
const NARROW = 480
const MIN_LABELLED_SLOT = 30
const FONT_SIZE = 12
/** Between an axis label and the plot, and between a label and the chart's edge. */
const LABEL_GAP = 8
const EDGE = 2
/** Between two month names under the bars. */
const MONTH_GAP = 6

/** How wide, in CSS pixels, the longest label of each kind is in the reader's language. */
export type LabelWidths = { revenue: number; rate: number; month: number }

/** The smallest 1, 2, 2.5 or 5 × 10ⁿ at or above `value`, so the revenue axis reads in round steps. */
export function roundAxisMaximum(value: number): number {
  if (!(value > 0)) return 1000
  const magnitude = 10 ** Math.floor(Math.log10(value))
  const step = [1, 2, 2.5, 5, 10].find((factor) => factor * magnitude >= value) ?? 10
  return step * magnitude
}

export type ChartLayout = ReturnType<typeof chartLayout>

/**
 * Where every mark goes. Months run from the reading direction's start, so in Arabic the oldest
 * month sits on the right and the revenue axis too; only positions mirror, never the text.
 */
export function chartLayout(
  months: readonly MonthlyFigures[],
  rtl: boolean,
  width = DEFAULT_CHART_WIDTH,
  labels?: LabelWidths,
) {
  // Each axis is as wide as its longest label in the reader's language ("٧٫٥ ألف" and
  // "100%" were cut at the chart's edge on a phone), and never narrower than the usual room.
  const startInset = Math.max(width < NARROW ? 44 : 64, (labels?.revenue ?? 0) + LABEL_GAP + EDGE)
  const endInset = Math.max(width < NARROW ? 40 : 52, (labels?.rate ?? 0) + LABEL_GAP + EDGE)
  const plotWidth = width - startInset - endInset
  const plotBottom = CHART_HEIGHT - BOTTOM
  const plotHeight = plotBottom - TOP
  const slot = plotWidth / Math.max(months.length, 1)
  const barWidth = slot * 0.56
  const revenueMax = roundAxisMaximum(Math.max(0, ...months.map((month) => month.revenue)))
  const mirror = (x: number) => (rtl ? width - x : x)
  // The latest month is always named; on a narrow chart every other one before it, or fewer when
  // the language's month names need more room than two slots.
  const labelEvery = Math.max(
    slot < MIN_LABELLED_SLOT ? 2 : 1,
    labels ? Math.ceil((labels.month + MONTH_GAP) / slot) : 1,
  )
  const yOfRevenue = (revenue: number) => plotBottom - (Math.max(0, revenue) / revenueMax) * plotHeight
  const yOfRate = (rate: number) => plotBottom - (Math.min(100, Math.max(0, rate)) / 100) * plotHeight

  const points = months.map((month, index) => {
    const centre = mirror(startInset + (index + 0.5) * slot)
    const top = yOfRevenue(month.revenue)
    return {
      month,
      centre,
      bar: { x: centre - barWidth / 2, y: top, width: barWidth, height: plotBottom - top },
      rateY: yOfRate(month.occupancyRate),
      labelled: (months.length - 1 - index) % labelEvery === 0,
    }
  })
  const ticks = Array.from({ length: TICKS + 1 }, (_, index) => ({
    y: plotBottom - (index / TICKS) * plotHeight,
    revenue: (revenueMax * index) / TICKS,
    rate: (100 * index) / TICKS,
  }))
  return {
    width,
    points,
    ticks,
    plotBottom,
    gridFrom: mirror(startInset),
    gridTo: mirror(width - endInset),
    revenueAxis: { x: mirror(startInset - 8), anchor: rtl ? 'start' : 'end' } as const,
    rateAxis: { x: mirror(width - endInset + 8), anchor: rtl ? 'end' : 'start' } as const,
    line: points.map((point) => `${point.centre.toFixed(1)},${point.rateY.toFixed(1)}`).join(' '),
  }
}

/** The element's width in CSS pixels, followed as it changes; the default until measured. */
function useWidth(): [RefObject<HTMLDivElement | null>, number] {
  const box = useRef<HTMLDivElement>(null)
  const [width, setWidth] = useState(DEFAULT_CHART_WIDTH)
  useEffect(() => {
    const element = box.current
    if (!element || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(([entry]) => {
      const measured = Math.round(entry?.contentRect.width ?? 0)
      if (measured > 0) setWidth(measured)
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return [box, width]
}

let measuring: CanvasRenderingContext2D | null | undefined

/**
 * The widest of `texts` in `fontFamily` at the chart's size. Where nothing can measure text (a
 * test's DOM), a generous guess per character.
 */
export function widestText(texts: readonly string[], fontFamily: string): number {
  if (measuring === undefined) {
    try {
      measuring = document.createElement('canvas').getContext('2d')
    } catch {
      measuring = null
    }
  }
  const context = measuring
  if (!context || !fontFamily) return Math.max(0, ...texts.map((text) => text.length)) * FONT_SIZE * 0.62
  context.font = `${FONT_SIZE}px ${fontFamily}`
  return Math.ceil(Math.max(0, ...texts.map((text) => context.measureText(text).width)))
}

/** The font the chart's text is drawn in: the page's, which differs by direction (index.css). */
const pageFontFamily = (dir: string) =>
  typeof document === 'undefined' || document.documentElement.dir !== dir
    ? ''
    : getComputedStyle(document.body).fontFamily

/** Revenue as bars and occupancy as a line over the last twelve months, hand-drawn in SVG. */
export function RevenueChart({ months }: { months: readonly MonthlyFigures[] }) {
  const { t, dir } = useI18n()
  const format = useFormat()
  const [box, width] = useWidth()
  // Read again when the language, and with it the page's font, changes.
  const fontFamily = useMemo(() => pageFontFamily(dir), [dir])
  // The axis labels depend only on the highest month, so a first layout gives them all.
  const ticks = chartLayout(months, dir === 'rtl', width).ticks
  const layout = chartLayout(months, dir === 'rtl', width, {
    revenue: widestText(
      ticks.map((tick) => format.compactNumber(tick.revenue)),
      fontFamily,
    ),
    rate: widestText(
      ticks.map((tick) => format.percent(tick.rate)),
      fontFamily,
    ),
    month: widestText(
      months.map((month) => format.shortMonth(month.month)),
      fontFamily,
    ),
  })

  const first = months[0]
  const last = months[months.length - 1]
  const best = months.reduce<MonthlyFigures | undefined>(
    (top, month) => (!top || month.revenue > top.revenue ? month : top),
    undefined,
  )
  const averageRate = months.reduce((sum, month) => sum + month.occupancyRate, 0) / Math.max(months.length, 1)
  const summary =
    first && last && best
      ? t('chart.summary', {
          from: format.monthYear(first.month),
          to: format.monthYear(last.month),
          total: format.sar(months.reduce((sum, month) => sum + month.revenue, 0)),
          bestMonth: format.monthYear(best.month),
          best: format.sar(best.revenue),
          average: format.percent(averageRate),
        })
      : t('chart.empty')

  return (
    <figure className={FIGURE}>
      <Legend />
      <div ref={box}>
        <svg
          role="img"
          aria-label={summary}
          viewBox={`0 0 ${layout.width} ${CHART_HEIGHT}`}
          className="block w-full"
          // Positions are mirrored by hand; text keeps its own direction. The height is fixed, so
          // the chart keeps its place while its width is first measured.
          style={{ direction: 'ltr', height: CHART_HEIGHT }}
          fontSize={12}
          data-testid="revenue-chart"
        >
          {layout.ticks.map((tick) => (
            <g key={tick.y}>
              <line
                x1={layout.gridFrom}
                x2={layout.gridTo}
                y1={tick.y}
                y2={tick.y}
                stroke="#e2e8f0"
                strokeDasharray={tick.revenue === 0 ? undefined : '3 4'}
              />
              <text
                x={layout.revenueAxis.x}
                y={tick.y + 4}
                textAnchor={layout.revenueAxis.anchor}
                fill="#64748b"
              >
                {format.compactNumber(tick.revenue)}
              </text>
              <text x={layout.rateAxis.x} y={tick.y + 4} textAnchor={layout.rateAxis.anchor} fill="#b45309">
                {format.percent(tick.rate)}
              </text>
            </g>
          ))}
          {layout.points.map((point, index) => (
            <g key={point.month.month} data-testid="revenue-bar" data-month={point.month.month}>
              <title>
                {t('chart.tooltip', {
                  month: format.monthYear(point.month.month),
                  revenue: format.sar(point.month.revenue),
                  occupancy: format.percent(point.month.occupancyRate),
                })}
              </title>
              <rect
                x={point.bar.x}
                y={point.bar.y}
                width={point.bar.width}
                height={point.bar.height}
                rx={3}
                fill={index === layout.points.length - 1 ? '#0f766e' : '#14b8a6'}
              />
              {point.labelled && (
                <text x={point.centre} y={layout.plotBottom + 18} textAnchor="middle" fill="#475569">
                  {format.shortMonth(point.month.month)}
                </text>
              )}
              {point.labelled && (index === 0 || point.month.month.endsWith('-01')) && (
                <text
                  x={point.centre}
                  y={layout.plotBottom + 33}
                  textAnchor="middle"
                  fill="#94a3b8"
                  fontSize={10}
                >
                  {format.year(point.month.month)}
                </text>
              )}
            </g>
          ))}
          <polyline
            points={layout.line}
            fill="none"
            stroke="#f59e0b"
            strokeWidth={2.5}
            strokeLinejoin="round"
          />
          {layout.points.map((point) => (
            <circle
              key={point.month.month}
              cx={point.centre}
              cy={point.rateY}
              r={3.5}
              fill="#fff"
              stroke="#f59e0b"
              strokeWidth={2}
            />
          ))}
        </svg>
      </div>
      {/* A table ignores a 1 px width, so the clipping box is a wrapper around it. */}
      <div className="sr-only">
        <table>
          <caption>{t('chart.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('chart.month')}</th>
              <th scope="col">{t('chart.revenue')}</th>
              <th scope="col">{t('chart.occupancy')}</th>
            </tr>
          </thead>
          <tbody>
            {months.map((month) => (
              <tr key={month.month}>
                <th scope="row">{format.monthYear(month.month)}</th>
                <td>{format.sar(month.revenue)}</td>
                <td>{format.percent(month.occupancyRate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  )
}
