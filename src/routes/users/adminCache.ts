import type { QueryClient } from '@tanstack/react-query'
import type { ManagedUser } from '../../actors/api.ts'

export const ADMIN_USERS_KEY = ['admin', 'users'] as const

const updateUsers = (queryClient: QueryClient, change: (users: ManagedUser[]) => ManagedUser[]) =>
  queryClient.setQueryData<ManagedUser[]>(ADMIN_USERS_KEY, (users) => users && change(users))

/** The user list follows each action without being asked again (docs/product.md §4.7). */
export const adminUsersCache = {
  deleted: (queryClient: QueryClient, userId: string) =>
    updateUsers(queryClient, (users) => users.filter((user) => user.id !== userId)),
  updated: (queryClient: QueryClient, userId: string, changes: Partial<Omit<ManagedUser, 'id'>>) =>
    updateUsers(queryClient, (users) =>
      users.map((user) => (user.id === userId ? { ...user, ...changes } : user)),
    ),
}
