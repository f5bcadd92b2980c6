import { useEffect, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { api, type DateRange } from '../../actors/api.ts'
import { thisMonth } from '../../domain/dateRange.ts'
import { localToday } from '../../domain/dates.ts'
import { todayIn } from '../../domain/timeZones.ts'
import { showToast } from '../../common/notify.ts'
import { useI18n } from '../../i18n.tsx'
import { DateRangePicker } from '../../ui/common/DateRangePicker.tsx'
import { PeriodStatCards } from '../../ui/statistics/PeriodStatCards.tsx'

export type StatisticsScope = 'owner' | 'admin'

const fetchers = { owner: api.statistics.ownPeriod, admin: api.statistics.adminPeriod }

export const propertyStatisticsKey = (scope: StatisticsScope, propertyId: string, range?: DateRange) =>
  ['property-statistics', scope, propertyId, ...(range ? [range.start, range.end] : [])] as const

type Props = {
  propertyId: string
  scope: StatisticsScope
  /** The property's zone: the month shown first is this month there. */
  timeZone?: string
}

/**
 * The property modal's Statistics tab: pick the dates, see the five figures, asked again on every
 * change. A failure clears the figures and toasts "Failed to fetch statistics".
 */
export function PropertyStatisticsTab({ propertyId, scope, timeZone }: Props) {
  const { t } = useI18n()
  const [range, setRange] = useState(() => thisMonth(timeZone ? todayIn(timeZone) : localToday()))
  const statistics = useQuery({
    queryKey: propertyStatisticsKey(scope, propertyId, range),
    queryFn: () => fetchers[scope](propertyId, range),
    retry: false,
  })

  const failedAt = statistics.isError ? statistics.errorUpdatedAt : 0
  useEffect(() => {
    if (failedAt) showToast('error', t('statistics.fetchFailed'))
  }, [failedAt, t])

  return (
    <div className="flex flex-col gap-5" data-testid="property-statistics">
      <DateRangePicker range={range} onChange={setRange} />
      <PeriodStatCards statistics={statistics.data ?? null} loading={statistics.isPending} />
    </div>
  )
}
