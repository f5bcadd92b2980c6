import { useI18n } from '../../i18n.tsx'

/*
 * The revenue chart's frame: its legend and its place while it loads. Apart from the chart itself
 * (RevenueChart.tsx), which a phone loads after the dashboard's first paint.
 */

export const CHART_HEIGHT = 280

export const FIGURE = 'flex flex-col gap-3'

/** What the bars and the line stand for; drawn for the eye, the chart's table says it in words. */
export function Legend() {
  const { t } = useI18n()
  return (
    <div className="flex flex-wrap gap-4 text-xs text-slate-600" aria-hidden="true">
      <span className="flex items-center gap-1.5">
        <span className="size-3 rounded-sm bg-brand-500" />
        {t('chart.revenue')}
      </span>
      <span className="flex items-center gap-1.5">
        <span className="h-0.5 w-4 rounded bg-amber-500" />
        {t('chart.occupancy')}
      </span>
    </div>
  )
}

/** The chart's place while its months load: its legend and a plot as tall as the chart's. */
export function RevenueChartPlaceholder() {
  const { t } = useI18n()
  return (
    <div className={FIGURE}>
      <p role="status" className="sr-only">
        {t('app.loading')}
      </p>
      <Legend />
      <div
        aria-hidden="true"
        className="animate-pulse rounded-xl bg-slate-100"
        style={{ height: CHART_HEIGHT }}
      />
    </div>
  )
}
