import { fromPromise } from 'xstate'
import type { Property } from '../../actors/api.ts'
import { useI18n } from '../../i18n.tsx'
import { addPropertyMachine } from '../../machines/addProperty.ts'
import { propertyModalMachine } from '../../machines/propertyModal.ts'
import { AddPropertyFlow } from '../properties/AddPropertyDialog.tsx'
import { PropertyEditor } from '../properties/PropertyEditor.tsx'
import { usePlatformChoices } from '../properties/queries.ts'
import { PropertyStatisticsTab } from '../PropertyStatisticsTab.tsx'
import {
  useCreateUserProperty,
  useDeleteUserProperty,
  useUpdateUserProperty,
  useUserPropertyImages,
  useUserPropertyInternalCalendar,
} from './userPropertyQueries.ts'

/** The owner's add modal, creating the property for `userId` through the admin API. */
export function AdminAddPropertyDialog({ userId, onClosed }: { userId: string; onClosed: () => void }) {
  const create = useCreateUserProperty(userId)
  const choices = usePlatformChoices()
  const machine = addPropertyMachine.provide({
    actors: { createProperty: fromPromise(({ input }) => create.mutateAsync(input)) },
  })
  return <AddPropertyFlow machine={machine} choices={choices} onClosed={onClosed} />
}

type EditProps = { userId: string; property: Property; onClosed: () => void }

/** SPEC 2, Admin property editor: the owner's editor and statistics, through the admin API. */
export function AdminEditPropertyDialog({ userId, property, onClosed }: EditProps) {
  const { t } = useI18n()
  const update = useUpdateUserProperty(userId)
  const remove = useDeleteUserProperty(userId)
  const choices = usePlatformChoices()
  const internal = useUserPropertyInternalCalendar(property.id)
  useUserPropertyImages(userId, property.id)
  const machine = propertyModalMachine.provide({
    actors: {
      saveProperty: fromPromise(({ input }) => update.mutateAsync({ property, changes: input.changes })),
      deleteProperty: fromPromise(({ input }) => remove.mutateAsync(input.propertyId)),
    },
  })
  return (
    <PropertyEditor
      machine={machine}
      property={property}
      choices={choices}
      internalCalendar={{
        url: internal.data?.url,
        loading: internal.isPending,
        error: internal.isError ? internal.error.message || t('app.unexpectedError') : undefined,
      }}
      statistics={<PropertyStatisticsTab propertyId={property.id} scope="admin" />}
      onClosed={onClosed}
    />
  )
}
