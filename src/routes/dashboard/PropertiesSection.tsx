import { Link } from 'wouter'
import { useI18n } from '../../i18n.tsx'
import { PropertyRowPlaceholder } from '../../ui/dashboard/PropertyRowPlaceholder.tsx'
import { ChevronEndIcon } from '../../ui/common/icons.tsx'
import { PropertyRow } from '../../ui/property/PropertyRow.tsx'
import { QueryStatus } from '../../ui/common/QueryStatus.tsx'
import { SyncNowButton } from '../../features/sync/SyncNowButton.tsx'
import { PROPERTY_PAGE_SIZE, useProperties } from '../../features/properties/propertyList.ts'
import { usePropertyDialogs } from '../properties/usePropertyDialogs.tsx'
import { PATHS } from '../../domain/paths.ts'

/**
 * The dashboard's "your properties" (docs/product.md §2.6), linking to /properties, as a
 * scrollable row with an add card. The row draws the grid's first page, the newest properties,
 * and leads to the grid for the rest: a portfolio's thousands of cards are never drawn at once.
 */
export function PropertiesSection() {
  const { t } = useI18n()
  const properties = useProperties()
  const { openAdd, openProperty, dialogs } = usePropertyDialogs(properties.data)
  return (
    <section aria-labelledby="your-properties-title" className="my-8" data-testid="dashboard-properties">
      <h2 id="your-properties-title" className="mb-4 text-lg font-semibold text-slate-900">
        <Link href={PATHS.properties} className="inline-flex items-center gap-1 hover:text-brand-700">
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
              properties={list.slice(0, PROPERTY_PAGE_SIZE)}
              total={list.length}
              allHref={PATHS.properties}
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
