import { queryOptions } from '@tanstack/react-query'
import { api } from '../../actors/api.ts'
import type { DateRange } from '../../domain/dateRange.ts'
import { PREFETCHED_FRESH_MS } from '../../common/prefetched.ts'

/** The dashboard's figures in the query cache, apart from their section so others can refresh them. */
export const DASHBOARD_STATISTICS_KEY = ['dashboard', 'statistics'] as const
export const MONTHLY_STATISTICS_KEY = ['dashboard', 'statistics', 'monthly'] as const

export const dashboardStatisticsQuery = (range: DateRange) =>
  queryOptions({
    queryKey: [...DASHBOARD_STATISTICS_KEY, range.start, range.end],
    queryFn: () => api.statistics.dashboard(range),
    staleTime: PREFETCHED_FRESH_MS,
  })

export const monthlyStatisticsQuery = queryOptions({
  queryKey: MONTHLY_STATISTICS_KEY,
  queryFn: () => api.statistics.monthly(),
  staleTime: PREFETCHED_FRESH_MS,
})
