import type { QueryClient } from '@tanstack/react-query'
import type { ManagedUser } from '../../actors/api.ts'
import { changeCachedLists } from '../../frame/paging.ts'

/** The user list's pages, each under this key and its search. */
export const ADMIN_USERS_KEY = ['admin', 'users'] as const
/** One account, as the page of their properties names them. */
export const adminUserKey = (userId: string) => ['admin', 'user', userId, 'profile'] as const

const changeUsers = (queryClient: QueryClient, change: (users: ManagedUser[]) => ManagedUser[]) =>
  changeCachedLists(queryClient, ADMIN_USERS_KEY, change)

/** The user list follows each action without being asked again (docs/product.md §4.7). */
export const adminUsersCache = {
  deleted: (queryClient: QueryClient, userId: string) => {
    changeUsers(queryClient, (users) => users.filter((user) => user.id !== userId))
    queryClient.removeQueries({ queryKey: adminUserKey(userId) })
    // The page shown fills up again with the next page's first account.
    void queryClient.invalidateQueries({ queryKey: ADMIN_USERS_KEY })
  },
  updated: (queryClient: QueryClient, userId: string, changes: Partial<Omit<ManagedUser, 'id'>>) => {
    changeUsers(queryClient, (users) =>
      users.map((user) => (user.id === userId ? { ...user, ...changes } : user)),
    )
    queryClient.setQueryData<ManagedUser>(adminUserKey(userId), (user) => user && { ...user, ...changes })
  },
}
