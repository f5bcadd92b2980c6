import type { DateRange } from '../../domain/dateRange.ts'
import type { DateOnly } from '../../domain/dates.ts'
import { useI18n } from '../../i18n.tsx'
import { Button } from '../common/form.tsx'
import { DatePicker } from '../common/DateRangePicker.tsx'

type Props = {
  /** What the pickers show: the period, or a refused pick in place of one of its ends. */
  range: DateRange
  /** Why a pick was refused, shown at the picker that made it. */
  error?: { field: 'start' | 'end'; message: string }
  /** The period is already this month, so going back to it offers nothing. */
  isThisMonth: boolean
  onPickStart: (date: DateOnly) => void
  onPickEnd: (date: DateOnly) => void
  onThisMonth: () => void
}

/**
 * The dashboard's period, with the property statistics' date pickers. Unlike there, no
 * day is disabled: a start after the end is refused with its reason, so a host can move both ends.
 */
export function DashboardRangePicker({
  range,
  error,
  isThisMonth,
  onPickStart,
  onPickEnd,
  onThisMonth,
}: Props) {
  const { t } = useI18n()
  const errorAt = (field: 'start' | 'end') => (error?.field === field ? error.message : undefined)
  return (
    <div
      role="group"
      aria-label={t('statistics.period')}
      data-testid="dashboard-range"
      className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start"
    >
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[repeat(2,minmax(11rem,15rem))]">
        <DatePicker
          label={t('statistics.startDate')}
          value={range.start}
          onChange={onPickStart}
          error={errorAt('start')}
          testId="start-date"
        />
        <DatePicker
          label={t('statistics.endDate')}
          value={range.end}
          onChange={onPickEnd}
          error={errorAt('end')}
          testId="end-date"
        />
      </div>
      {!isThisMonth && (
        // Level with the fields, under their labels.
        <Button variant="secondary" onClick={onThisMonth} className="sm:mt-[26px]">
          {t('statistics.thisMonth')}
        </Button>
      )}
    </div>
  )
}
