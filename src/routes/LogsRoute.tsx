import { useState } from 'react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { api } from '../actors/api.ts'
import { useI18n } from '../i18n.tsx'
import { EmptyState } from '../ui/EmptyState.tsx'
import { LogFilters, LogsTable, Pagination } from '../ui/logs/LogsTable.tsx'
import { PageHeader } from '../ui/PageHeader.tsx'
import { LogsIcon } from '../ui/appIcons.tsx'
import { QueryStatus } from './QueryStatus.tsx'
import { ADMIN_USERS_KEY } from './users/adminCache.ts'

export const LOG_PAGE_SIZE = 20

/** The audit log, newest first, a page at a time, narrowed by kind (docs/product.md §2.19). */
export default function LogsRoute() {
  const { t, language } = useI18n()
  const [kind, setKind] = useState('')
  const [page, setPage] = useState(1)
  const logs = useQuery({
    // The server writes the messages in the reader's language.
    queryKey: ['admin', 'logs', language, kind, page],
    queryFn: () => api.admin.logs({ kind: kind || undefined, page, pageSize: LOG_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  })
  // The log names actors by id; the user list (usually cached from /users) turns ids into names.
  const users = useQuery({ queryKey: ADMIN_USERS_KEY, queryFn: api.admin.users })
  const actorLabel = (actorId: string | null) => {
    if (!actorId) return t('logs.system')
    const actor = users.data?.find((user) => user.id === actorId)
    return actor ? actor.name?.trim() || actor.email : t('logs.formerUser')
  }

  return (
    <>
      <PageHeader
        title={t('pages.logs.title')}
        subtitle={t('logs.subtitle')}
        actions={
          <LogFilters
            kind={kind}
            onKindChange={(next) => {
              setKind(next)
              setPage(1)
            }}
          />
        }
      />
      <QueryStatus query={logs}>
        {({ items, total, pageSize }) =>
          items.length === 0 ? (
            <EmptyState text={t('pages.logs.empty')} icon={<LogsIcon width={32} height={32} />} />
          ) : (
            <div className={`flex flex-col gap-4 ${logs.isPlaceholderData ? 'opacity-60' : ''}`}>
              <LogsTable entries={items} actorLabel={actorLabel} />
              <Pagination page={page} pageCount={Math.ceil(total / pageSize)} onPageChange={setPage} />
            </div>
          )
        }
      </QueryStatus>
    </>
  )
}
