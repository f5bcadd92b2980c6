import type { CleanerCleaning, CleanerSchedule } from '../../../contract/turnover.ts'
import type { CleanerScheduleState } from '../../machines/cleaning/cleanerSchedule.ts'
import type { Language } from '../../domain/translator.ts'
import { useI18n } from '../../i18n.tsx'
import { Badge } from '../common/Badge.tsx'
import { EmptyState } from '../common/EmptyState.tsx'
import { Button } from '../common/form.tsx'
import { useFormat } from '../common/format.ts'
import { LanguageMenu } from '../common/LanguageMenu.tsx'
import { Logo } from '../common/Logo.tsx'
import { Spinner } from '../common/Spinner.tsx'

type Props = {
  state: CleanerScheduleState
  schedule?: CleanerSchedule
  error?: string
  language: Language
  onLanguageChange: (language: Language) => void
  onRetry: () => void
}

/** A cleaner's page: the next days' cleanings of their link, read-only, in the app's look. */
export function CleanerScheduleView({ state, schedule, error, language, onLanguageChange, onRetry }: Props) {
  const { t } = useI18n()
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-3xl items-center justify-between px-4 py-3 sm:px-6">
          <Logo />
          <LanguageMenu language={language} onChange={onLanguageChange} />
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-6 sm:px-6">
        {state === 'loading' && <Spinner label={t('cleaner.loading')} className="mx-auto mt-16" />}
        {state === 'gone' && <EmptyState text={t('cleaner.gone')} testId="cleaner-gone" />}
        {state === 'failed' && (
          <div role="alert" className="mt-10 text-center">
            <p className="text-slate-700">{error}</p>
            <Button variant="secondary" className="mt-4" onClick={onRetry}>
              {t('app.retry')}
            </Button>
          </div>
        )}
        {state === 'showing' && schedule && <Schedule schedule={schedule} />}
      </main>
    </div>
  )
}

function Schedule({ schedule }: { schedule: CleanerSchedule }) {
  const { t } = useI18n()
  const format = useFormat()
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
        {t('cleaner.title', { name: schedule.name })}
      </h1>
      <p className="mt-1 text-sm text-slate-500">
        {t('cleaner.period', { days: format.dateRange(schedule.from, schedule.to) })}
      </p>
      {schedule.cleanings.length === 0 ? (
        <EmptyState text={t('cleaner.empty')} testId="cleaner-empty" />
      ) : (
        <ul className="mt-6 space-y-3" data-testid="cleaner-schedule">
          {schedule.cleanings.map((cleaning) => (
            <CleaningCard key={`${cleaning.propertyId}/${cleaning.stayId}`} cleaning={cleaning} />
          ))}
        </ul>
      )}
    </>
  )
}

function CleaningCard({ cleaning }: { cleaning: CleanerCleaning }) {
  const { t } = useI18n()
  const format = useFormat()
  const next = cleaning.nextCheckIn
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-sm font-medium text-brand-800">{format.fullDate(cleaning.date)}</p>
          <h2 className="mt-1 text-base font-semibold break-words text-slate-900">{cleaning.propertyName}</h2>
          <p className="text-sm break-words text-slate-500">{cleaning.address}</p>
        </div>
        {cleaning.sameDay ? (
          <Badge tone="amber">{t('cleaner.sameDayBadge')}</Badge>
        ) : cleaning.gapNights !== null ? (
          <Badge tone="slate">{t('cleaner.gapBadge', { count: cleaning.gapNights })}</Badge>
        ) : null}
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-slate-500">{t('cleaner.checkOut')}</dt>
          <dd className="font-medium text-slate-900" dir="ltr">
            {cleaning.checkOutTime}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">{t('cleaner.nextCheckIn')}</dt>
          <dd className="font-medium text-slate-900">
            {next ? (
              <>
                {format.date(next.date)} · <span dir="ltr">{next.time}</span>
              </>
            ) : (
              t('cleaner.noNextCheckIn')
            )}
          </dd>
        </div>
      </dl>
    </li>
  )
}
