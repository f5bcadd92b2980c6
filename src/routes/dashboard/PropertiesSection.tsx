import { Link } from 'wouter'
import { useI18n } from '../../i18n.tsx'
import { PropertyRowPlaceholder } from '../../ui/dashboard/PropertyRowPlaceholder.tsx'
import { ChevronEndIcon } from '../../ui/icons.tsx'
import { PropertyRow } from '../../ui/property/PropertyRow.tsx'
import { QueryStatus } from '../QueryStatus.tsx'
import { SyncNowButton } from '../SyncNowButton.tsx'
import { useProperties } from '../properties/propertyList.ts'
import { usePropertyDialogs } from '../properties/usePropertyDialogs.tsx'

/** The dashboard's "your properties", linking to /properties, as a scrollable row with an add card. */
export function PropertiesSection() {
  const { t } = useI18n()
  const properties = useProperties()
  const { openAdd, openProperty, dialogs } = usePropertyDialogs(properties.data)
  return (
    <section aria-labelledby="your-properties-title" className="my-8" data-testid="dashboard-properties">
      <h2 id="your-properties-title" className="mb-4 text-lg font-semibold text-slate-900">
        <Link href="/properties" className="inline-flex items-center gap-1 hover:text-brand-700">
          {t('property.yourProperties')}
          <ChevronEndIcon width={18} height={18} />
        </Link>
      </h2>
      {properties.isPending ? (
        <PropertyRowPlaceholder />
      ) : (
        <QueryStatus query={properties}>
          {(list) => (
            <PropertyRow
              properties={list}
              onOpen={openProperty}
              onAdd={openAdd}
              menu={<SyncNowButton className="h-9" />}
            />
          )}
        </QueryStatus>
      )}
      {dialogs}
    </section>
  )
}
