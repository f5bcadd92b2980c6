import { useI18n } from '../../../i18n.tsx'
import { useFormat } from '../../common/format.ts'
import { Heading } from '../../common/Heading.tsx'
import { ChevronEndIcon, ChevronStartIcon } from '../../common/icons.tsx'

type Props = { month: string; onPrevious: () => void; onNext: () => void; titleClassName?: string }

/** Month and year between previous/next arrows; the arrows point the other way in Arabic. */
export function MonthNavigator({ month, onPrevious, onNext, titleClassName = 'text-base' }: Props) {
  const { t } = useI18n()
  const format = useFormat()
  const arrow = 'flex size-9 items-center justify-center rounded-xl text-slate-600 hover:bg-slate-100'
  return (
    <div className="flex items-center justify-between gap-2">
      <button type="button" onClick={onPrevious} aria-label={t('calendar.previousMonth')} className={arrow}>
        <ChevronStartIcon />
      </button>
      <Heading
        aria-live="polite"
        className={`font-semibold text-slate-900 ${titleClassName}`}
        data-testid="month-title"
      >
        {format.monthYear(month)}
      </Heading>
      <button type="button" onClick={onNext} aria-label={t('calendar.nextMonth')} className={arrow}>
        <ChevronEndIcon />
      </button>
    </div>
  )
}
