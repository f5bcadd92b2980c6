import { Link } from 'wouter'
import { useI18n } from '../../i18n.tsx'
import { IntegrationCards, IntegrationCardsPlaceholder } from '../../ui/dashboard/IntegrationCards.tsx'
import { ChevronEndIcon } from '../../ui/icons.tsx'
import { INTEGRATION_PLATFORMS } from '../../ui/integration/PlatformLogo.tsx'
import { lazyPart, WhenOpen } from '../../ui/lazyParts.tsx'
import { platformLinks, useConnectPlatform } from '../connectPlatform.ts'
import { QueryStatus } from '../QueryStatus.tsx'
import { useProperties } from '../properties/queries.ts'

// The connect dialog and its "Discard this link?" load when a Connect is first pressed (issue 17).
const ConnectPlatformDialogs = lazyPart(() =>
  import('../ConnectPlatformDialogs.tsx').then((module) => module.ConnectPlatformDialogs),
)

/** SPEC 2's integration cards on the dashboard, with /integration's own connect flow (issue 18). */
export function IntegrationSection() {
  const { t } = useI18n()
  const properties = useProperties()
  const [state, send] = useConnectPlatform()
  return (
    <section
      aria-labelledby="integrations-title"
      // Scrolled to, it clears the phone's sticky top bar.
      className="mb-8 scroll-mt-20"
      data-testid="dashboard-integrations"
      onPointerEnter={ConnectPlatformDialogs.prefetch}
      onFocus={ConnectPlatformDialogs.prefetch}
    >
      <h2 id="integrations-title" className="mb-4 text-lg font-semibold text-slate-900">
        <Link href="/integration" className="inline-flex items-center gap-1 hover:text-brand-700">
          {t('integration.dashboardTitle')}
          <ChevronEndIcon width={18} height={18} />
        </Link>
      </h2>
      {properties.isPending ? (
        <IntegrationCardsPlaceholder platforms={INTEGRATION_PLATFORMS} />
      ) : (
        <QueryStatus query={properties}>
          {(list) => (
            <>
              <IntegrationCards
                platforms={INTEGRATION_PLATFORMS.map((platform) => {
                  const links = platformLinks(list, platform.name)
                  return {
                    platform,
                    linkedProperties: links.linked.length,
                    links,
                    canConnect: links.unlinked.length > 0,
                  }
                })}
                onConnect={(platformName) =>
                  send({
                    type: 'open',
                    platformName,
                    propertyIds: platformLinks(list, platformName).unlinked,
                  })
                }
              />
              <WhenOpen open={!state.matches('closed')}>
                <ConnectPlatformDialogs.Component state={state} send={send} properties={list} />
              </WhenOpen>
            </>
          )}
        </QueryStatus>
      )}
    </section>
  )
}
