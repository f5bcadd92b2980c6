import { useI18n } from '../../i18n.tsx'
import { ConnectPlatformDialogs } from './ConnectPlatformDialogs.tsx'
import { PlatformCard } from '../../ui/integration/PlatformCard.tsx'
import { INTEGRATION_PLATFORMS } from '../../domain/platforms.ts'
import { ConnectedProperties } from '../../ui/integration/ConnectedProperties.tsx'
import { PageHeader } from '../../ui/common/PageHeader.tsx'
import { useProperties } from '../../features/properties/propertyList.ts'
import { QueryStatus } from '../../ui/common/QueryStatus.tsx'
import { platformLinks, useConnectPlatform } from '../../features/integration/connectPlatform.ts'
import { MeasuredIntervalsSection } from './MeasuredIntervalsSection.tsx'

// The property list is asked for beside the profile when the page opens here.
export { prefetchProperties as prefetchData } from '../../features/properties/propertyList.ts'

/**
 * The four platform cards; Connect links a platform's calendar to a chosen property; for admins,
 * each platform's import interval measured across accounts (docs/product.md §2.11).
 */
export default function IntegrationRoute() {
  const { t } = useI18n()
  const properties = useProperties()
  const [state, send] = useConnectPlatform()

  return (
    <>
      <PageHeader title={t('pages.integration.title')} subtitle={t('integration.subtitle')} />
      <QueryStatus query={properties}>
        {(list) => (
          <div className="flex flex-col gap-8">
            <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
              {INTEGRATION_PLATFORMS.map((platform) => {
                const links = platformLinks(list, platform.name)
                return (
                  <PlatformCard
                    key={platform.name}
                    platform={platform}
                    connectedProperties={links.linked}
                    links={links}
                    canConnect={links.unlinked.length > 0}
                    onConnect={() =>
                      send({ type: 'open', platformName: platform.name, propertyIds: links.unlinked })
                    }
                  />
                )
              })}
            </ul>
            <ConnectedProperties properties={list} />
            <ConnectPlatformDialogs state={state} send={send} properties={list} />
          </div>
        )}
      </QueryStatus>
      <MeasuredIntervalsSection />
    </>
  )
}
