import { Link } from 'wouter'
import { PATHS } from '../../domain/paths.ts'
import { useI18n } from '../../i18n.tsx'
import { SparkleIcon } from '../common/appIcons.tsx'

/** "Today: 3 check-outs, 1 same-day", to the Turnovers screen (docs/product.md §2.6). */
export function TurnoversTodayLine({ checkOuts, sameDay }: { checkOuts: number; sameDay: number }) {
  const { t } = useI18n()
  const leaving = t('turnovers.today.checkOutsToday', { count: checkOuts })
  const text =
    checkOuts === 0
      ? t('turnovers.today.noneToday')
      : sameDay === 0
        ? leaving
        : t('turnovers.today.withSameDay', {
            checkOuts: leaving,
            sameDay: t('turnovers.today.sameDayToday', { count: sameDay }),
          })
  return (
    <Link
      href={PATHS.turnovers}
      data-testid="turnovers-today"
      className={`inline-flex items-center gap-2 rounded-full px-3 py-1 text-sm font-medium ring-1 hover:underline ${
        sameDay > 0 ? 'bg-amber-50 text-amber-900 ring-amber-300' : 'bg-white text-slate-700 ring-slate-200'
      }`}
    >
      <SparkleIcon width={16} height={16} aria-hidden="true" />
      {text}
    </Link>
  )
}
