import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useMachine } from '@xstate/react'
import { fromPromise } from 'xstate'
import { api } from '../actors/api.ts'
import { useI18n } from '../i18n.tsx'
import { connectPlatformMachine } from '../machines/connectPlatform.ts'
import { ConnectPlatformDialogs } from './ConnectPlatformDialogs.tsx'
import { PlatformCard } from '../ui/integration/PlatformCard.tsx'
import { INTEGRATION_PLATFORMS } from '../ui/integration/PlatformLogo.tsx'
import { ConnectedProperties } from '../ui/integration/ConnectedProperties.tsx'
import { PageHeader } from '../ui/PageHeader.tsx'
import { PROPERTIES_KEY } from './properties/queries.ts'
import { DASHBOARD_STATISTICS_KEY } from './dashboard/StatisticsSection.tsx'
import { showNotice } from './notify.ts'
import { QueryStatus } from './QueryStatus.tsx'
import { isFailingFeed } from '../ui/property/SyncStatus.tsx'
import type { Property } from '../actors/api.ts'

/** What a platform's card shows: who links it, who does not yet, and how many of its links fail. */
function platformLinks(properties: readonly Property[], platformName: string) {
  const calendars = properties.flatMap((property) =>
    property.externalCalendars.filter((calendar) => calendar.platformName === platformName),
  )
  const links = (property: Property) =>
    property.externalCalendars.some((calendar) => calendar.platformName === platformName)
  return {
    linked: properties.filter(links).map((property) => property.name),
    unlinked: properties.filter((property) => !links(property)).map((property) => property.id),
    total: calendars.length,
    failing: calendars.filter(isFailingFeed).length,
  }
}

/** DESIGN 6.4: the four platform cards; Connect links a platform's calendar to a chosen property. */
export default function IntegrationRoute() {
  const { t } = useI18n()
  const queryClient = useQueryClient()
  const properties = useQuery({ queryKey: PROPERTIES_KEY, queryFn: api.property.list })
  const [state, send] = useMachine(
    connectPlatformMachine.provide({
      actors: {
        connect: fromPromise(({ input }) =>
          api.property.addExternalCalendar(input.propertyId, {
            platformName: input.platformName,
            urlPath: input.urlPath,
          }),
        ),
      },
      actions: {
        notify: (_, notice) => showNotice(t, notice),
        // The dashboard counts platform connections, so its figures go stale too.
        connected: () =>
          void Promise.all([
            queryClient.invalidateQueries({ queryKey: PROPERTIES_KEY }),
            queryClient.invalidateQueries({ queryKey: DASHBOARD_STATISTICS_KEY }),
          ]),
      },
    }),
  )

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
    </>
  )
}
