import { useProfile } from '../../frame/session.ts'
import { useI18n } from '../../i18n.tsx'
import { HeadingLevel } from '../../ui/common/Heading.tsx'
import { QueryStatus } from '../../ui/common/QueryStatus.tsx'
import { MeasuredIntervals } from '../../ui/integration/MeasuredIntervals.tsx'
import { usePlatformCadence } from '../../features/imports/platformCadence.ts'

/** Admins' section of the integration page: each platform's import interval across accounts. */
export function MeasuredIntervalsSection() {
  const { t } = useI18n()
  const isAdmin = useProfile().data?.isAdmin === true
  const platforms = usePlatformCadence(isAdmin)
  if (!isAdmin) return null
  return (
    <section
      aria-labelledby="measured-intervals"
      data-testid="measured-intervals"
      className="mt-8 flex flex-col gap-3"
    >
      <h2 id="measured-intervals" className="font-semibold text-slate-900">
        {t('imports.measured.title')}
      </h2>
      <p className="text-sm text-slate-500">{t('imports.measured.explanation')}</p>
      <HeadingLevel level={3}>
        <QueryStatus query={platforms}>{(list) => <MeasuredIntervals platforms={list} />}</QueryStatus>
      </HeadingLevel>
    </section>
  )
}
