import { useState } from 'react'
import { api } from '../../actors/api.ts'
import { useI18n } from '../../i18n.tsx'
import { EmptyState } from '../../ui/common/EmptyState.tsx'
import { GuestsTable } from '../../ui/guests/GuestsTable.tsx'
import { ListSearch } from '../../ui/common/ListSearch.tsx'
import { PageHeader } from '../../ui/common/PageHeader.tsx'
import { PagedList } from '../../ui/common/Pagination.tsx'
import { GuestsIcon } from '../../ui/common/appIcons.tsx'
import { richText, UserText } from '../../ui/common/UserText.tsx'
import { PAGE_SIZES } from '../../domain/pageSizes.ts'
import { usePage } from '../../frame/paging.ts'
import { usePaused } from '../../frame/usePaused.ts'
import { QueryStatus } from '../../ui/common/QueryStatus.tsx'

export const GUESTS_KEY = ['guests'] as const

/** The guests behind the bookings, with what they booked and spent, a page at a time (docs/product.md §2.17). */
export default function GuestsRoute() {
  const { t } = useI18n()
  const [typed, setTyped] = useState('')
  const search = usePaused(typed.trim())
  const guests = usePage({
    key: [...GUESTS_KEY, search],
    pageSize: PAGE_SIZES.guests,
    fetch: (paging) => api.guest.page({ ...paging, search }),
  })
  const total = guests.query.data?.total
  return (
    <>
      <PageHeader
        title={t('pages.guests.title')}
        subtitle={
          <>
            {t('guests.subtitle')}
            {total !== undefined && search === '' && (
              <span className="block">{t('guests.count', { count: total })}</span>
            )}
          </>
        }
        actions={
          <ListSearch
            value={typed}
            onChange={setTyped}
            label={t('guests.searchLabel')}
            placeholder={t('guests.searchPlaceholder')}
            testId="guests-search"
          />
        }
      />
      <QueryStatus query={guests.query}>
        {({ items, total }) =>
          items.length === 0 ? (
            <EmptyState
              testId="guests-empty"
              text={
                search
                  ? richText(t, 'guests.noMatch', { search: <UserText>{search}</UserText> })
                  : t('pages.guests.empty')
              }
              icon={<GuestsIcon width={32} height={32} />}
            />
          ) : (
            <PagedList label={t('guests.pagination')} total={total} paging={guests.paging}>
              <GuestsTable guests={items} />
            </PagedList>
          )
        }
      </QueryStatus>
    </>
  )
}
