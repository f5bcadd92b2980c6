import type { DashboardStatistics } from '../../actors/api.ts'
import { useI18n } from '../../i18n.tsx'
import { useFormat } from '../format.ts'
import { StatCard, StatCardRow } from './StatCard.tsx'
import { BookingsIcon, ConnectionsIcon, OccupancyIcon, PropertiesIcon, RevenueIcon } from './statIcons.tsx'

type Props = { statistics?: DashboardStatistics; loading: boolean; error?: string }

/** SPEC 2, Dashboard: the five figures, the first highlighted, compared with the month or week before. */
export function DashboardStatCards({ statistics, loading, error }: Props) {
  const { t } = useI18n()
  const format = useFormat()
  const vsLastMonth = (change: number) => ({
    change,
    text: format.signedPercent(change),
    caption: t('statistics.vsLastMonth'),
  })
  return (
    <StatCardRow label={t('statistics.title')} loading={loading} error={error}>
      {statistics && (
        <>
          <StatCard
            highlighted
            icon={<RevenueIcon />}
            label={t('statistics.monthlyRevenue')}
            value={format.sar(statistics.monthlyRevenue.current)}
            trend={vsLastMonth(statistics.monthlyRevenue.percentDiffLastMonth)}
          />
          <StatCard
            icon={<PropertiesIcon />}
            label={t('statistics.totalProperties')}
            value={format.number(statistics.propertyCount.total)}
            detail={t('statistics.addedThisMonth', {
              count: format.signedNumber(statistics.propertyCount.thisMonthIncrease),
            })}
          />
          <StatCard
            icon={<ConnectionsIcon />}
            label={t('statistics.platformConnections')}
            value={format.number(statistics.platformConnections)}
            // Failing and paused links are not counted as fine (issue 15): "5 of 6 syncing".
            detail={t('statistics.connectionsSyncing', {
              syncing: format.number(statistics.syncingConnections),
              count: statistics.platformConnections,
            })}
          />
          <StatCard
            icon={<OccupancyIcon />}
            label={t('statistics.occupancyRate')}
            value={format.percent(statistics.occupancyRate.current)}
            trend={vsLastMonth(statistics.occupancyRate.percentDiffLastMonth)}
          />
          <StatCard
            icon={<BookingsIcon />}
            label={t('statistics.activeBookings')}
            value={format.number(statistics.activeBookings.currWeek)}
            trend={{
              change: statistics.activeBookings.currWeek - statistics.activeBookings.prevWeek,
              text: format.signedNumber(
                statistics.activeBookings.currWeek - statistics.activeBookings.prevWeek,
              ),
              caption: t('statistics.vsLastWeek', {
                count: format.number(statistics.activeBookings.prevWeek),
              }),
            }}
          />
        </>
      )}
    </StatCardRow>
  )
}
