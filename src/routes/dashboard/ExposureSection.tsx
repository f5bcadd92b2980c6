import { Suspense, useEffect } from 'react'
import { useI18n } from '../../i18n.tsx'
import { lazyPart } from '../../ui/common/lazyParts.tsx'
import { QueryStatus } from '../../ui/common/QueryStatus.tsx'
import { Spinner } from '../../ui/common/Spinner.tsx'
import { useMinuteClock } from '../../common/useMinuteClock.ts'
import { useExposure } from '../../features/imports/exposure.ts'

// Below the first screen: the card loads after the first paint, so the dashboard's first chunks
// stay within their budget.
const ExposureCard = lazyPart(() =>
  import('../../ui/dashboard/ExposureCard.tsx').then((module) => module.ExposureCard),
)

/** The nights at risk across the host's properties, and the links platforms stopped importing. */
export function ExposureSection() {
  const { t } = useI18n()
  const exposure = useExposure()
  const now = useMinuteClock()
  useEffect(() => ExposureCard.prefetch(), [])
  const loading = <Spinner label={t('app.loading')} className="py-6" />
  return (
    <section aria-labelledby="exposure-title" className="mb-8" data-testid="dashboard-exposure">
      <h2 id="exposure-title" className="mb-4 text-lg font-semibold text-slate-900">
        {t('exposure.title')}
      </h2>
      <QueryStatus query={exposure}>
        {(figures) => (
          <Suspense fallback={loading}>
            <ExposureCard.Component exposure={figures} now={now} />
          </Suspense>
        )}
      </QueryStatus>
    </section>
  )
}
