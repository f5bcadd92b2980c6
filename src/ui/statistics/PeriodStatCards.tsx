import type { PeriodStatistics } from '../../../contract/statistics.ts'
import { useI18n } from '../../i18n.tsx'
import { StatCard, StatCardRow } from './StatCard.tsx'
import { BookingsIcon, NightsIcon, OccupancyIcon, PropertiesIcon, RevenueIcon } from './statIcons.tsx'
import { MISSING, useFormat } from '../common/format.ts'

/** One property's five figures for the chosen dates; without figures (a failure) each shows "-". */
export function PeriodStatCards({
  statistics,
  loading,
}: {
  statistics: PeriodStatistics | null
  loading: boolean
}) {
  const { t } = useI18n()
  const format = useFormat()
  const show = (pick: (figures: PeriodStatistics) => string) => (statistics ? pick(statistics) : MISSING)
  return (
    <StatCardRow label={t('statistics.title')} loading={loading} layout="grid">
      <StatCard
        highlighted
        icon={<RevenueIcon />}
        label={t('statistics.revenue')}
        value={show((figures) => format.sar(figures.revenue))}
      />
      <StatCard
        icon={<OccupancyIcon />}
        label={t('statistics.occupancyRate')}
        value={show((figures) => format.percent(figures.occupancyRate))}
      />
      <StatCard
        icon={<NightsIcon />}
        label={t('statistics.bookedNights')}
        value={show((figures) => format.number(figures.bookedNights))}
      />
      <StatCard
        icon={<BookingsIcon />}
        label={t('statistics.bookings')}
        value={show((figures) => format.number(figures.bookings))}
      />
      <StatCard
        icon={<PropertiesIcon />}
        label={t('statistics.averageNightlyRate')}
        value={show((figures) => format.sar(figures.averageNightlyRate))}
      />
    </StatCardRow>
  )
}
