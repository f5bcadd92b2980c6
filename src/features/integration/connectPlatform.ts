import { useQueryClient } from '@tanstack/react-query'
import { useMachine } from '@xstate/react'
import { fromPromise } from 'xstate'
import { api, type Property } from '../../actors/api.ts'
import { useI18n } from '../../i18n.tsx'
import { connectPlatformMachine } from '../../machines/integration/connectPlatform.ts'
import { isFailingFeed } from '../../ui/property/SyncStatus.tsx'
import { DASHBOARD_STATISTICS_KEY } from '../statistics/statisticsKeys.ts'
import { showNotice } from '../../common/notify.ts'
import { PROPERTIES_KEY } from '../properties/propertyList.ts'

/**
 * What a platform's card shows: who links it, who does not yet, and how many of its links fail
 * or keep changing.
 */
export function platformLinks(properties: readonly Property[], platformName: string) {
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
    unstable: calendars.filter((calendar) => calendar.unstable).length,
  }
}

/**
 * The connect flow with the real call, for every screen with a Connect button (the
 * integration page, the dashboard's cards); `ConnectPlatformDialogs` shows it.
 */
export function useConnectPlatform() {
  const { t } = useI18n()
  const queryClient = useQueryClient()
  return useMachine(
    connectPlatformMachine({
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
}
