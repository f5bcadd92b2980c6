import { adminApi } from '../../actors/adminApi.ts'
import { useActorRef, useSelector } from '@xstate/react'
import { useQueryClient } from '@tanstack/react-query'
import { fromPromise, type ActorRefFrom } from 'xstate'
import { useI18n } from '../../i18n.tsx'
import { adminUserActionMachine, REASON_CHECKS } from '../../machines/admin/adminUserAction.ts'
import { ReasonDialog } from '../../ui/users/ReasonDialog.tsx'
import { formFeedback, showNotice } from '../../common/notify.ts'
import { adminUsersCache } from '../../features/admin/adminCache.ts'

export type AdminUserActionRef = ActorRefFrom<typeof adminUserActionMachine>

const CALLS = {
  deactivate: adminApi.deactivateUser,
  reactivate: adminApi.reactivateUser,
  delete: adminApi.deleteUser,
}

const ACCOUNT_STATE_AFTER = { deactivate: 'deactivated', reactivate: 'active' } as const

/** The deactivate/reactivate/delete machine with the real calls; the users list follows what it did. */
export function useAdminUserAction(): AdminUserActionRef {
  const { t } = useI18n()
  const queryClient = useQueryClient()
  return useActorRef(
    adminUserActionMachine({
      actors: {
        performAction: fromPromise(({ input: { userId, action, reason } }) => CALLS[action](userId, reason)),
      },
      actions: {
        notify: (_, notice) => showNotice(t, notice),
        completed: (_, { userId, action }) =>
          action === 'delete'
            ? adminUsersCache.deleted(queryClient, userId)
            : adminUsersCache.updated(queryClient, userId, { accountState: ACCOUNT_STATE_AFTER[action] }),
      },
    }),
  )
}

/** Shows the machine's dialog; `userLabel` names the user the admin is acting on. */
export function UserActionDialog({
  actor,
  userLabel,
}: {
  actor: AdminUserActionRef
  userLabel: (userId: string) => string
}) {
  const { t } = useI18n()
  const snapshot = useSelector(actor, (state) => state)
  const { target, error } = snapshot.context
  const refused = formFeedback(t, error, ['reason'], REASON_CHECKS)
  return (
    <ReasonDialog
      open={snapshot.matches('open')}
      action={target.action}
      userLabel={userLabel(target.userId)}
      reasonError={refused.fields.reason}
      error={refused.banner}
      busy={snapshot.matches({ open: 'submitting' })}
      onSubmit={(reason) => actor.send({ type: 'submit', reason })}
      onCancel={() => actor.send({ type: 'cancel' })}
    />
  )
}
