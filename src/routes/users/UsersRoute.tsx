import { adminApi } from '../../actors/adminApi.ts'
import { useState } from 'react'
import { useI18n } from '../../i18n.tsx'
import { EmptyState } from '../../ui/common/EmptyState.tsx'
import { ListSearch } from '../../ui/common/ListSearch.tsx'
import { PageHeader } from '../../ui/common/PageHeader.tsx'
import { PagedList } from '../../ui/common/Pagination.tsx'
import { UsersIcon } from '../../ui/common/appIcons.tsx'
import { UsersTable } from '../../ui/users/UsersTable.tsx'
import { richText, UserText } from '../../ui/common/UserText.tsx'
import { PAGE_SIZES } from '../../domain/pageSizes.ts'
import { userPropertiesPath } from '../../domain/paths.ts'
import { usePage } from '../../frame/paging.ts'
import { QueryStatus } from '../../ui/common/QueryStatus.tsx'
import { usePaused } from '../../frame/usePaused.ts'
import { ADMIN_USERS_KEY } from '../../features/admin/adminCache.ts'
import { AdminProfileDialog } from './AdminProfileDialog.tsx'
import { UserActionDialog, useAdminUserAction } from './UserActionDialog.tsx'

/**
 * Users (docs/product.md §2.18): every account, with Edit (the profile dialog) and Manage
 * property; a page at a time, searched by name or e-mail across all of them.
 */
export default function UsersRoute() {
  const { t } = useI18n()
  const [typed, setTyped] = useState('')
  const search = usePaused(typed.trim())
  const users = usePage({
    key: [...ADMIN_USERS_KEY, search],
    pageSize: PAGE_SIZES.users,
    fetch: (paging) => adminApi.usersPage({ ...paging, search }),
  })
  const shown = users.query.data?.items ?? []
  const [editingId, setEditingId] = useState<string | null>(null)
  const editing = shown.find((user) => user.id === editingId) ?? null
  const userAction = useAdminUserAction()
  const userLabel = (userId: string) => {
    const user = shown.find((candidate) => candidate.id === userId)
    return user ? user.name?.trim() || user.email : ''
  }

  return (
    <>
      <PageHeader
        title={t('pages.users.title')}
        subtitle={
          users.query.data && search === '' ? t('users.count', { count: users.query.data.total }) : undefined
        }
        actions={
          <ListSearch
            value={typed}
            onChange={setTyped}
            label={t('users.searchLabel')}
            placeholder={t('users.searchPlaceholder')}
            testId="users-search"
          />
        }
      />
      <QueryStatus query={users.query}>
        {({ items, total }) =>
          items.length === 0 ? (
            <EmptyState
              testId="users-empty"
              text={
                search
                  ? richText(t, 'users.noMatch', { search: <UserText>{search}</UserText> })
                  : t('pages.users.empty')
              }
              icon={<UsersIcon width={32} height={32} />}
            />
          ) : (
            <PagedList label={t('users.pagination')} total={total} paging={users.paging}>
              <UsersTable
                users={items}
                onEdit={(user) => setEditingId(user.id)}
                manageHref={(user) => userPropertiesPath(user.id)}
              />
            </PagedList>
          )
        }
      </QueryStatus>
      <AdminProfileDialog
        user={editing}
        onClose={() => setEditingId(null)}
        onAction={(userId, action) => {
          setEditingId(null)
          userAction.send({ type: 'open', userId, action })
        }}
      />
      <UserActionDialog actor={userAction} userLabel={userLabel} />
    </>
  )
}
