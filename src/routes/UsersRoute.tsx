import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { api } from '../actors/api.ts'
import { useI18n } from '../i18n.tsx'
import { EmptyState } from '../ui/EmptyState.tsx'
import { PageHeader } from '../ui/PageHeader.tsx'
import { UsersIcon } from '../ui/appIcons.tsx'
import { UsersTable } from '../ui/users/UsersTable.tsx'
import { QueryStatus } from './QueryStatus.tsx'
import { ADMIN_USERS_KEY } from './users/adminCache.ts'
import { AdminProfileDialog } from './users/AdminProfileDialog.tsx'
import { UserActionDialog, useAdminUserAction } from './users/UserActionDialog.tsx'

export const userPropertiesPath = (userId: string) => `/users/${userId}/properties`

/** Users (docs/product.md §2.18): every account, with Edit (the profile dialog) and Manage property. */
export default function UsersRoute() {
  const { t } = useI18n()
  const users = useQuery({ queryKey: ADMIN_USERS_KEY, queryFn: api.admin.users })
  const [editingId, setEditingId] = useState<string | null>(null)
  const editing = users.data?.find((user) => user.id === editingId) ?? null
  const userAction = useAdminUserAction()
  const userLabel = (userId: string) => {
    const user = users.data?.find((candidate) => candidate.id === userId)
    return user ? user.name?.trim() || user.email : ''
  }

  return (
    <>
      <PageHeader
        title={t('pages.users.title')}
        subtitle={users.data ? t('users.count', { count: users.data.length }) : undefined}
      />
      <QueryStatus query={users}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState text={t('pages.users.empty')} icon={<UsersIcon width={32} height={32} />} />
          ) : (
            <UsersTable
              users={list}
              onEdit={(user) => setEditingId(user.id)}
              manageHref={(user) => userPropertiesPath(user.id)}
            />
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
