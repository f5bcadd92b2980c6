import { Link } from 'wouter'
import { useI18n } from '../../i18n.tsx'
import { IntegrationCards } from '../../ui/dashboard/IntegrationCards.tsx'
import { ChevronEndIcon } from '../../ui/icons.tsx'
import { INTEGRATION_PLATFORMS } from '../../ui/integration/PlatformLogo.tsx'
import { ConnectPlatformDialogs } from '../ConnectPlatformDialogs.tsx'
import { platformLinks, useConnectPlatform } from '../connectPlatform.ts'
import { QueryStatus } from '../QueryStatus.tsx'
import { useProperties } from '../properties/queries.ts'

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
    >
      <h2 id="integrations-title" className="mb-4 text-lg font-semibold text-slate-900">
        <Link href="/integration" className="inline-flex items-center gap-1 hover:text-brand-700">
          {t('integration.dashboardTitle')}
          <ChevronEndIcon width={18} height={18} />
        </Link>
      </h2>
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
                send({ type: 'open', platformName, propertyIds: platformLinks(list, platformName).unlinked })
              }
            />
            <ConnectPlatformDialogs state={state} send={send} properties={list} />
          </>
        )}
      </QueryStatus>
    </section>
  )
}
