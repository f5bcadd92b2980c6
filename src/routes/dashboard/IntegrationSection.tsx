import { Suspense, useEffect } from 'react'
import { Link } from 'wouter'
import { useI18n } from '../../i18n.tsx'
import { IntegrationCardsPlaceholder } from '../../ui/dashboard/IntegrationCardsPlaceholder.tsx'
import { ChevronEndIcon } from '../../ui/common/icons.tsx'
import { INTEGRATION_PLATFORMS } from '../../domain/platforms.ts'
import { lazyPart } from '../../ui/common/lazyParts.tsx'
import { QueryStatus } from '../../ui/common/QueryStatus.tsx'
import { useProperties } from '../../features/properties/propertyList.ts'
import { PATHS } from '../../domain/paths.ts'

// The last section, below a phone's first screen: its cards and connect flow load after the first
// paint, in the placeholder's place.
const IntegrationConnect = lazyPart(() =>
  import('./IntegrationConnect.tsx').then((module) => module.IntegrationConnect),
)
const prefetchDialogs = () =>
  void import('./IntegrationConnect.tsx').then((module) => module.ConnectPlatformDialogs.prefetch())

/** The integration cards on the dashboard, with /integration's own connect flow. */
export function IntegrationSection() {
  const { t } = useI18n()
  const properties = useProperties()
  useEffect(() => IntegrationConnect.prefetch(), [])
  const placeholder = <IntegrationCardsPlaceholder platforms={INTEGRATION_PLATFORMS} />
  return (
    <section
      aria-labelledby="integrations-title"
      // Scrolled to, it clears the phone's sticky top bar.
      className="mb-8 scroll-mt-20"
      data-testid="dashboard-integrations"
      onPointerEnter={prefetchDialogs}
      onFocus={prefetchDialogs}
    >
      <h2 id="integrations-title" className="mb-4 text-lg font-semibold text-slate-900">
        <Link href={PATHS.integration} className="inline-flex items-center gap-1 hover:text-brand-700">
          {t('integration.dashboardTitle')}
          <ChevronEndIcon width={18} height={18} />
        </Link>
      </h2>
      {properties.isPending ? (
        placeholder
      ) : (
        <QueryStatus query={properties}>
          {(list) => (
            <Suspense fallback={placeholder}>
              <IntegrationConnect.Component properties={list} />
            </Suspense>
          )}
        </QueryStatus>
      )}
    </section>
  )
}
