import { Suspense, type ReactNode } from 'react'
import type { UseQueryResult } from '@tanstack/react-query'
import { fromPromise } from 'xstate'
import type { InternalCalendar, Property } from '../../actors/api.ts'
import type { PlatformFeed } from '../../../contract/property.ts'
import type { RotateLinkSlot } from '../../ui/property/EditViewModal.tsx'
import { useI18n } from '../../i18n.tsx'
import { useMinuteClock } from '../../common/useMinuteClock.ts'
import { propertyModalMachine, type PropertyChanges } from '../../machines/property/propertyModal.ts'
import { PropertyStatisticsTab } from './PropertyStatisticsTab.tsx'
import { SyncNowButton } from '../../features/sync/SyncNowButton.tsx'
import { PropertyEditor } from './PropertyEditor.tsx'
import { RotateCalendarLinkButton } from './RotateCalendarLinkButton.tsx'
import { LeavePropertyButton } from './LeavePropertyButton.tsx'
import { AtRiskOnPlatform } from './AtRiskOnPlatform.tsx'
import {
  useDeleteProperty,
  useInternalCalendar,
  usePlatformChoices,
  useUpdateProperty,
} from '../../features/properties/editorQueries.ts'
import { preloadable } from '../../common/preloadable.tsx'
import { Spinner } from '../../ui/common/Spinner.tsx'

// The Team tab's code, calls and words come when it is first opened: no first screen carries them.
const TeamTab = preloadable<{ propertyId: string }, typeof import('./TeamTab.tsx')>(
  () => import('./TeamTab.tsx'),
)

type PropertyEditorDialogProps = {
  property: Property
  save: (changes: PropertyChanges) => Promise<unknown>
  remove: (propertyId: string) => Promise<unknown>
  internalCalendar: UseQueryResult<InternalCalendar, Error>
  statistics: ReactNode
  team?: ReactNode
  leave?: ReactNode
  syncNow?: ReactNode
  rotateLink?: RotateLinkSlot
  atRisk?: (feed: PlatformFeed) => ReactNode
  onClosed: () => void
}

/** The edit/view modal wired to real save and delete calls: the owner's or an admin's. */
export function PropertyEditorDialog({
  property,
  save,
  remove,
  internalCalendar,
  ...slots
}: PropertyEditorDialogProps) {
  const { t } = useI18n()
  const choices = usePlatformChoices()
  const now = useMinuteClock()
  const machine = propertyModalMachine({
    actors: {
      saveProperty: fromPromise(({ input }) => save(input.changes)),
      deleteProperty: fromPromise(({ input }) => remove(input.propertyId)),
    },
  })
  return (
    <PropertyEditor
      machine={machine}
      property={property}
      choices={choices}
      internalCalendar={{
        url: internalCalendar.data?.url,
        platforms: internalCalendar.data?.platforms,
        now,
        loading: internalCalendar.isPending,
        error: internalCalendar.isError
          ? internalCalendar.error.message || t('app.unexpectedError')
          : undefined,
      }}
      {...slots}
    />
  )
}

/** The owner's edit/view modal for one property, with the real save and delete. */
export function EditPropertyDialog({ property, onClosed }: { property: Property; onClosed: () => void }) {
  const { t } = useI18n()
  const update = useUpdateProperty()
  const remove = useDeleteProperty()
  const internalCalendar = useInternalCalendar(property.id, true)
  return (
    <PropertyEditorDialog
      property={property}
      save={(changes) => update.mutateAsync({ property, changes })}
      remove={remove.mutateAsync}
      internalCalendar={internalCalendar}
      statistics={
        <PropertyStatisticsTab propertyId={property.id} scope="owner" timeZone={property.timeZone} />
      }
      team={
        property.sharedBy ? undefined : (
          <Suspense fallback={<Spinner label={t('app.loading')} className="py-6" />}>
            <TeamTab propertyId={property.id} />
          </Suspense>
        )
      }
      leave={
        property.sharedBy && (
          <LeavePropertyButton
            propertyId={property.id}
            propertyName={property.name}
            memberId={property.sharedBy.memberId}
            onLeft={onClosed}
          />
        )
      }
      syncNow={<SyncNowButton />}
      // A co-host uses the feeds as they are; replacing them is the owner's.
      rotateLink={
        property.sharedBy
          ? undefined
          : (platformName) => (
              <RotateCalendarLinkButton propertyId={property.id} platformName={platformName} />
            )
      }
      atRisk={(feed) => <AtRiskOnPlatform propertyId={property.id} feed={feed} />}
      onClosed={onClosed}
    />
  )
}
