import { adminApi } from '../../actors/adminApi.ts'
import { useState } from 'react'
import { useI18n } from '../../i18n.tsx'
import { EmptyState } from '../../ui/common/EmptyState.tsx'
import { LogFilters, LogsTable } from '../../ui/logs/LogsTable.tsx'
import { PageHeader } from '../../ui/common/PageHeader.tsx'
import { PagedList } from '../../ui/common/Pagination.tsx'
import { LogsIcon } from '../../ui/common/appIcons.tsx'
import { PAGE_SIZES } from '../../domain/pageSizes.ts'
import { usePage } from '../../frame/paging.ts'
import { QueryStatus } from '../../ui/common/QueryStatus.tsx'

/** The audit log, newest first, a page at a time, narrowed by kind (docs/product.md §2.19). */
export default function LogsRoute() {
  const { t, language } = useI18n()
  const [kind, setKind] = useState('')
  const logs = usePage({
    // The server writes the messages in the reader's language.
    key: ['admin', 'logs', language, kind],
    pageSize: PAGE_SIZES.logs,
    fetch: (paging) => adminApi.logs({ kind: kind || undefined, ...paging }),
  })
  return (
    <>
      <PageHeader
        title={t('pages.logs.title')}
        subtitle={t('logs.subtitle')}
        actions={<LogFilters kind={kind} onKindChange={setKind} />}
      />
      <QueryStatus query={logs.query}>
        {({ items, total }) =>
          items.length === 0 ? (
            <EmptyState text={t('pages.logs.empty')} icon={<LogsIcon width={32} height={32} />} />
          ) : (
            <PagedList label={t('logs.pagination')} total={total} paging={logs.paging}>
              <LogsTable entries={items} />
            </PagedList>
          )
        }
      </QueryStatus>
    </>
  )
}
