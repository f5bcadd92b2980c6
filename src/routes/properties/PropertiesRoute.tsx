import { useQuery, type QueryClient } from '@tanstack/react-query'
import { api } from '../../actors/api.ts'
import { useI18n } from '../../i18n.tsx'
import { Button } from '../../ui/common/form.tsx'
import { PlusIcon } from '../../ui/common/appIcons.tsx'
import { PageHeader } from '../../ui/common/PageHeader.tsx'
import { PropertyPages } from '../../ui/property/PropertyGrid.tsx'
import { preloadCoverPhoto } from '../../ui/property/PropertyCard.tsx'
import { SearchBox } from '../../ui/shell/SearchBox.tsx'
import { usePage } from '../../frame/paging.ts'
import { PREFETCHED_FRESH_MS } from '../../common/prefetched.ts'
import {
  PROPERTY_PAGE_SIZE,
  propertyPageQuery,
  propertyPagesKey,
} from '../../features/properties/propertyList.ts'
import { usePropertyDialogs } from './usePropertyDialogs.tsx'
import { QueryStatus } from '../../ui/common/QueryStatus.tsx'
import { SEARCH_PARAM, useGlobalSearch } from '../../frame/useGlobalSearch.ts'
import { usePaused } from '../../frame/usePaused.ts'
import { SyncNowButton } from '../../features/sync/SyncNowButton.tsx'

/**
 * When the page opens here, the grid's first page is asked for beside the profile, and
 * the first card's photo as soon as it arrives.
 */
export function prefetchData(queryClient: QueryClient, search: URLSearchParams) {
  queryClient.fetchQuery(propertyPageQuery((search.get(SEARCH_PARAM) ?? '').trim(), 1)).then(
    (page) => preloadCoverPhoto(page.items[0]),
    // The screen shows the list's failure itself.
    () => undefined,
  )
}

/**
 * /properties (docs/product.md §2.8): the grid and an add button; `?search=` (the header's box, or the page's
 * own on a phone) narrows it to names and cities holding it. The server searches and pages: an
 * account's thousands of properties never come at once.
 */
export default function PropertiesRoute() {
  const { t } = useI18n()
  const typed = useGlobalSearch()
  const search = usePaused(typed.value.trim())
  const properties = usePage({
    key: propertyPagesKey(search),
    pageSize: PROPERTY_PAGE_SIZE,
    fetch: (paging) => api.property.page({ ...paging, search }),
    staleTime: PREFETCHED_FRESH_MS,
  })
  const found = properties.query.data
  // A search that found nothing says "No properties match", unless there are no properties at all.
  const unsearched = useQuery({
    ...propertyPageQuery('', 1),
    enabled: search !== '' && found?.total === 0,
  })
  const { openAdd, openProperty, dialogs } = usePropertyDialogs(found?.items)
  return (
    <>
      <PageHeader
        title={t('pages.properties.title')}
        subtitle={
          found && search === '' && found.total > 0 ? t('property.count', { count: found.total }) : undefined
        }
        actions={
          <Button type="button" onClick={openAdd} data-testid="add-property">
            <PlusIcon width={18} height={18} />
            {t('property.add')}
          </Button>
        }
      />
      {/* A phone's top bar has no room for the header's search box, so it sits here. */}
      <div className="mb-4 md:hidden">
        <SearchBox {...typed} testId="properties-search" />
      </div>
      <QueryStatus query={properties.query}>
        {(page) => (
          <PropertyPages
            found={page}
            paging={properties.paging}
            onOpen={openProperty}
            noMatchFor={search !== '' && unsearched.data?.total !== 0 ? search : undefined}
            emptyText={t('pages.properties.emptyAddOne')}
            menu={<SyncNowButton className="h-9" />}
          />
        )}
      </QueryStatus>
      {dialogs}
    </>
  )
}
