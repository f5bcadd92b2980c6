import type { Property } from '../../actors/api.ts'
import { IntegrationCards } from '../../ui/dashboard/IntegrationCards.tsx'
import { INTEGRATION_PLATFORMS } from '../../domain/platforms.ts'
import { lazyPart, WhenOpen } from '../../ui/common/lazyParts.tsx'
import { platformLinks, useConnectPlatform } from '../../features/integration/connectPlatform.ts'

// The connect dialog and its "Discard this link?" load when a Connect is first pressed.
export const ConnectPlatformDialogs = lazyPart(() =>
  import('../integration/ConnectPlatformDialogs.tsx').then((module) => module.ConnectPlatformDialogs),
)

/** Each platform's card for the host's properties, and /integration's own connect flow. */
export function IntegrationConnect({ properties }: { properties: Property[] }) {
  const [state, send] = useConnectPlatform()
  return (
    <>
      <IntegrationCards
        platforms={INTEGRATION_PLATFORMS.map((platform) => {
          const links = platformLinks(properties, platform.name)
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
            propertyIds: platformLinks(properties, platformName).unlinked,
          })
        }
      />
      <WhenOpen open={!state.matches('closed')}>
        <ConnectPlatformDialogs.Component state={state} send={send} properties={properties} />
      </WhenOpen>
    </>
  )
}
