import type { QueryClient } from '@tanstack/react-query'
import { filterProperties } from '../domain/propertySearch.ts'
import { useI18n } from '../i18n.tsx'
import { Button } from '../ui/form.tsx'
import { PlusIcon } from '../ui/appIcons.tsx'
import { PageHeader } from '../ui/PageHeader.tsx'
import { PropertyGrid } from '../ui/property/PropertyGrid.tsx'
import { preloadCoverPhoto } from '../ui/property/PropertyCard.tsx'
import { SearchBox } from '../ui/shell/SearchBox.tsx'
import { propertiesQuery, useProperties } from './properties/propertyList.ts'
import { usePropertyDialogs } from './properties/usePropertyDialogs.tsx'
import { QueryStatus } from './QueryStatus.tsx'
import { SEARCH_PARAM, useGlobalSearch } from './useGlobalSearch.ts'
import { SyncNowButton } from './SyncNowButton.tsx'

/**
 * When the page opens here, the property list is asked for beside the profile, and the
 * first card's photo as soon as the list arrives.
 */
export function prefetchData(queryClient: QueryClient, search: URLSearchParams) {
  queryClient.fetchQuery(propertiesQuery).then(
    (list) => preloadCoverPhoto(filterProperties(list, search.get(SEARCH_PARAM) ?? '')[0]),
    // The screen shows the list's failure itself.
    () => undefined,
  )
}

/**
 * /properties (docs/product.md §2.8): the grid and an add button; `?search=` (the header's box, or the page's
 * own on a phone) filters it.
 */
export default function PropertiesRoute() {
  const { t } = useI18n()
  const [search, setSearch, stays] = useGlobalSearch()
  const properties = useProperties()
  const { openAdd, openProperty, dialogs } = usePropertyDialogs(properties.data)
  return (
    <>
      <PageHeader
        title={t('pages.properties.title')}
        actions={
          <Button type="button" onClick={openAdd} data-testid="add-property">
            <PlusIcon width={18} height={18} />
            {t('property.add')}
          </Button>
        }
      />
      {/* A phone's top bar has no room for the header's search box, so it sits here. */}
      <div className="mb-4 md:hidden">
        <SearchBox value={search} onChange={setSearch} testId="properties-search" stays={stays} />
      </div>
      <QueryStatus query={properties}>
        {(list) => (
          <PropertyGrid
            properties={filterProperties(list, search)}
            onOpen={openProperty}
            noMatchFor={list.length > 0 ? search : undefined}
            menu={<SyncNowButton className="h-9" />}
          />
        )}
      </QueryStatus>
      {dialogs}
    </>
  )
}
