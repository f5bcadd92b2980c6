import type { DashboardStatistics } from '../../../contract/statistics.ts'
import type { DateRange } from '../../domain/dateRange.ts'
import { rangeNights, rangeOfNights } from '../../domain/dateRange.ts'
import { previousWindow } from '../../domain/statistics.ts'
import { useI18n } from '../../i18n.tsx'
import { useFormat } from '../common/format.ts'
import { StatCard, StatCardRow } from '../statistics/StatCard.tsx'
import {
  BookingsIcon,
  ConnectionsIcon,
  OccupancyIcon,
  PropertiesIcon,
  RevenueIcon,
} from '../statistics/statIcons.tsx'

type Props = {
  statistics?: DashboardStatistics
  /** The picked period the figures are for. */
  period: DateRange
  loading: boolean
  error?: string
}

/**
 * The dashboard's five figures (docs/product.md §2.6), the first highlighted, for the picked period
 * and compared with the one before it, which the captions name.
 */
export function DashboardStatCards({ statistics, period, loading, error }: Props) {
  const { t } = useI18n()
  const format = useFormat()
  const previous = rangeOfNights(previousWindow(rangeNights(period)))
  const previousText = format.dateRange(previous.start, previous.end)
  const vsPrevious = (change: number) => ({
    change,
    text: format.signedPercent(change),
    caption: t('statistics.vsPeriod', { period: previousText }),
  })
  return (
    <StatCardRow
      label={t('statistics.title')}
      loading={loading}
      error={error}
      // The active bookings' caption names a count too, so it is the longest.
      trendCaption={t('statistics.vsCountInPeriod', { count: format.number(0), period: previousText })}
    >
      {statistics && (
        <>
          <StatCard
            highlighted
            icon={<RevenueIcon />}
            label={t('statistics.revenue')}
            value={format.sar(statistics.monthlyRevenue.current)}
            trend={vsPrevious(statistics.monthlyRevenue.percentDiffLastMonth)}
          />
          <StatCard
            icon={<PropertiesIcon />}
            label={t('statistics.totalProperties')}
            value={format.number(statistics.propertyCount.total)}
            detail={t('statistics.addedInPeriod', {
              count: format.signedNumber(statistics.propertyCount.thisMonthIncrease),
            })}
          />
          <StatCard
            icon={<ConnectionsIcon />}
            label={t('statistics.platformConnections')}
            value={format.number(statistics.platformConnections)}
            // Failing and paused links are not counted as fine: "5 of 6 syncing".
            detail={t('statistics.connectionsSyncing', {
              syncing: format.number(statistics.syncingConnections),
              count: statistics.platformConnections,
            })}
          />
          <StatCard
            icon={<OccupancyIcon />}
            label={t('statistics.occupancyRate')}
            value={format.percent(statistics.occupancyRate.current)}
            trend={vsPrevious(statistics.occupancyRate.percentDiffLastMonth)}
          />
          <StatCard
            icon={<BookingsIcon />}
            label={t('statistics.activeBookings')}
            value={format.number(statistics.activeBookings.currWeek)}
            // The figure in words too: a bare "0" does not say what there are none of.
            detail={t('statistics.activeBookingsCount', { count: statistics.activeBookings.currWeek })}
            trend={{
              change: statistics.activeBookings.currWeek - statistics.activeBookings.prevWeek,
              text: format.signedNumber(
                statistics.activeBookings.currWeek - statistics.activeBookings.prevWeek,
              ),
              caption: t('statistics.vsCountInPeriod', {
                count: format.number(statistics.activeBookings.prevWeek),
                period: previousText,
              }),
            }}
          />
        </>
      )}
    </StatCardRow>
  )
}
