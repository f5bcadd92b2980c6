import type { ComponentProps, ReactNode } from 'react'
import type { Page } from '../../../contract/paging.ts'
import type { Property } from '../../../contract/property.ts'
import { useI18n } from '../../i18n.tsx'
import { EmptyState } from '../common/EmptyState.tsx'
import { HomeIcon } from '../common/appIcons.tsx'
import { PagedList, type PagingControls } from '../common/Pagination.tsx'
import { UserText, richText } from '../common/UserText.tsx'
import { PropertyCard } from './PropertyCard.tsx'

/**
 * The /properties grid (docs/product.md §2.8), cards 350 to 425 px wide; "No properties yet" when empty,
 * or, when a search found none of the properties there are, "No properties match “…”".
 */
export function PropertyGrid({
  properties,
  onOpen,
  noMatchFor,
  emptyText,
  menu,
}: {
  properties: Property[]
  onOpen: (property: Property) => void
  /** Each card's actions (Sync now). */
  menu?: ReactNode
  /** The search that left `properties` empty, when there are properties to search. */
  noMatchFor?: string
  /** What an empty grid says; "No properties yet" when absent (a list someone else owns). */
  emptyText?: string
}) {
  const { t } = useI18n()
  if (properties.length === 0) {
    const text = noMatchFor?.trim()
      ? richText(t, 'pages.properties.noMatch', { search: <UserText>{noMatchFor.trim()}</UserText> })
      : (emptyText ?? t('pages.properties.empty'))
    return <EmptyState text={text} icon={<HomeIcon />} testId="properties-empty" />
  }
  return (
    <div
      data-testid="property-grid"
      className="grid grid-cols-[repeat(auto-fill,minmax(min(350px,100%),425px))] gap-5"
    >
      {properties.map((property) => (
        <PropertyCard key={property.id} property={property} onOpen={onOpen} menu={menu} />
      ))}
    </div>
  )
}

/** A page of the grid with the pages' navigation and how many properties there are under it. */
export function PropertyPages({
  found,
  paging,
  ...grid
}: Omit<ComponentProps<typeof PropertyGrid>, 'properties'> & {
  found: Page<Property>
  paging: PagingControls
}) {
  const { t } = useI18n()
  return (
    <PagedList label={t('property.pagination')} total={found.total} paging={paging}>
      <PropertyGrid properties={found.items} {...grid} />
    </PagedList>
  )
}
