import { Suspense, useEffect } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useI18n } from '../../i18n.tsx'
import { DashboardStatCards } from '../../ui/dashboard/DashboardStatCards.tsx'
import { RevenueChartPlaceholder } from '../../ui/dashboard/RevenueChartFrame.tsx'
import { lazyPart } from '../../ui/common/lazyParts.tsx'
import { DashboardRange } from './DashboardRange.tsx'
import { dashboardStatisticsQuery, monthlyStatisticsQuery } from '../../features/statistics/statisticsKeys.ts'
import { useDashboardRange } from '../../features/dashboard/useDashboardRange.ts'

// Drawn once the months answer, so it comes after the first paint, asked for as the section mounts.
const RevenueChart = lazyPart(() =>
  import('../../ui/dashboard/RevenueChart.tsx').then((module) => module.RevenueChart),
)

/**
 * The dashboard's figures: the period's pickers and its five cards, then revenue and
 * occupancy over the last twelve months. Each keeps its place while it loads.
 */
export function StatisticsSection() {
  const { t } = useI18n()
  const [rangeState, sendRange] = useDashboardRange()
  const { range } = rangeState.context
  const statistics = useQuery(dashboardStatisticsQuery(range))
  const monthly = useQuery(monthlyStatisticsQuery)
  useEffect(() => RevenueChart.prefetch(), [])
  return (
    // A container: the stat cards fall into five columns where the section is wide enough.
    <section aria-labelledby="statistics-title" className="@container mb-8 flex flex-col gap-6">
      <h2 id="statistics-title" className="sr-only">
        {t('statistics.title')}
      </h2>
      <DashboardRange state={rangeState} send={sendRange} />
      <DashboardStatCards
        statistics={statistics.data}
        period={range}
        loading={statistics.isPending}
        error={statistics.error ? statistics.error.message || t('app.unexpectedError') : undefined}
      />
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <h3 className="mb-4 font-semibold text-slate-900">{t('chart.title')}</h3>
        {monthly.isPending ? (
          <RevenueChartPlaceholder />
        ) : monthly.error ? (
          <p role="alert" className="text-sm text-red-600">
            {monthly.error.message || t('app.unexpectedError')}
          </p>
        ) : (
          <Suspense fallback={<RevenueChartPlaceholder />}>
            <RevenueChart.Component months={monthly.data} />
          </Suspense>
        )}
      </div>
    </section>
  )
}
