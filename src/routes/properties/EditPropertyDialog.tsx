import { fromPromise } from 'xstate'
import type { Property } from '../../actors/api.ts'
import { useI18n } from '../../i18n.tsx'
import { propertyModalMachine } from '../../machines/propertyModal.ts'
import { PropertyStatisticsTab } from '../PropertyStatisticsTab.tsx'
import { SyncNowButton } from '../SyncNowButton.tsx'
import { PropertyEditor } from './PropertyEditor.tsx'
import { RotateCalendarLinkButton } from './RotateCalendarLinkButton.tsx'
import { useDeleteProperty, useInternalCalendar, usePlatformChoices, useUpdateProperty } from './queries.ts'

/** The owner's edit/view modal for one property, with the real save and delete. */
export function EditPropertyDialog({ property, onClosed }: { property: Property; onClosed: () => void }) {
  const { t } = useI18n()
  const update = useUpdateProperty()
  const remove = useDeleteProperty()
  const choices = usePlatformChoices()
  const internal = useInternalCalendar(property.id, true)
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
      statistics={<PropertyStatisticsTab propertyId={property.id} scope="owner" />}
      syncNow={<SyncNowButton />}
      rotateLink={<RotateCalendarLinkButton propertyId={property.id} />}
      onClosed={onClosed}
    />
  )
}
