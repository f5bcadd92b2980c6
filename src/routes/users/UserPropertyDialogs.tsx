import { fromPromise } from 'xstate'
import type { Property } from '../../actors/api.ts'
import { addPropertyMachine } from '../../machines/property/addProperty.ts'
import { AddPropertyFlow } from '../properties/AddPropertyDialog.tsx'
import { PropertyEditorDialog } from '../properties/EditPropertyDialog.tsx'
import { usePlatformChoices } from '../../features/properties/editorQueries.ts'
import { PropertyStatisticsTab } from '../properties/PropertyStatisticsTab.tsx'
import { AtRiskNights } from '../../ui/imports/AtRiskNights.tsx'
import { platformLabel } from '../../ui/property/PlatformLinks.tsx'
import { useI18n } from '../../i18n.tsx'
import {
  useCreateUserProperty,
  useDeleteUserProperty,
  useUpdateUserProperty,
  useUserPropertyImages,
  useUserPropertyInternalCalendar,
} from '../../features/admin/userPropertyQueries.ts'

/** The owner's add modal, creating the property for `userId` through the admin API. */
export function AdminAddPropertyDialog({ userId, onClosed }: { userId: string; onClosed: () => void }) {
  const create = useCreateUserProperty(userId)
  const choices = usePlatformChoices()
  const machine = addPropertyMachine({
    actors: { createProperty: fromPromise(({ input }) => create.mutateAsync(input)) },
  })
  return <AddPropertyFlow machine={machine} choices={choices} onClosed={onClosed} />
}

type EditProps = { userId: string; property: Property; onClosed: () => void }

/**
 * The admin's property editor: the owner's editor and statistics, through the admin API, with
 * each platform's last import, usual interval and nights at risk; "I closed them" is the owner's.
 */
export function AdminEditPropertyDialog({ userId, property, onClosed }: EditProps) {
  const { t } = useI18n()
  const update = useUpdateUserProperty(userId)
  const remove = useDeleteUserProperty(userId)
  const internalCalendar = useUserPropertyInternalCalendar(property.id)
  useUserPropertyImages(userId, property.id)
  return (
    <PropertyEditorDialog
      property={property}
      save={(changes) => update.mutateAsync({ property, changes })}
      remove={remove.mutateAsync}
      internalCalendar={internalCalendar}
      statistics={
        <PropertyStatisticsTab propertyId={property.id} scope="admin" timeZone={property.timeZone} />
      }
      atRisk={(feed) => (
        <AtRiskNights
          platform={platformLabel(t, feed.platformName)}
          platformName={feed.platformName}
          calendarPage={feed.calendarPage}
          runs={feed.atRisk}
        />
      )}
      onClosed={onClosed}
    />
  )
}
