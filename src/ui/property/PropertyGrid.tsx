import type { Property } from '../../actors/api.ts'
import { useI18n } from '../../i18n.tsx'
import { EmptyState } from '../EmptyState.tsx'
import { HomeIcon } from '../icons.tsx'
import { PropertyCard } from './PropertyCard.tsx'

/** SPEC 2 and 9: the /properties grid, cards 350 to 425 px wide; "No properties yet" when empty. */
export function PropertyGrid({
  properties,
  onOpen,
}: {
  properties: Property[]
  onOpen: (property: Property) => void
}) {
  const { t } = useI18n()
  if (properties.length === 0) return <EmptyState text={t('pages.properties.empty')} icon={<HomeIcon />} />
  return (
    <div
      data-testid="property-grid"
      className="grid grid-cols-[repeat(auto-fill,minmax(min(350px,100%),425px))] gap-5"
    >
      {properties.map((property) => (
        <PropertyCard key={property.id} property={property} onOpen={onOpen} />
      ))}
    </div>
  )
}
