import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { fromPromise } from 'xstate'
import { useLocation } from 'wouter'
import { api } from '../../actors/api.ts'
import { useI18n } from '../../i18n.tsx'
import { deleteAccountMachine } from '../../machines/settings/deleteAccount.ts'
import { DeleteAccountRow } from '../../ui/settings/DeleteAccountRow.tsx'
import { feedbackText, showNotice } from '../../common/notify.ts'
import { useFlow, type FlowImplementations } from '../../common/useFlow.ts'
import { PATHS } from '../../domain/paths.ts'

type Props = { implementations?: FlowImplementations<typeof deleteAccountMachine> }

export function DeleteAccountSection({ implementations = {} }: Props) {
  const { t } = useI18n()
  const queryClient = useQueryClient()
  const [, navigate] = useLocation()
  const [state, send] = useFlow(
    deleteAccountMachine({
      actors: { perform: fromPromise<unknown, void>(() => api.user.deleteAccount()) },
      actions: { notify: (_, notice) => showNotice(t, notice) },
    }).provide(implementations),
  )
  const done = state.matches('done')

  useEffect(() => {
    if (!done) return
    // The server ended the session with the account. Leave first, so that nothing refetched for
    // the signed-in screens meets a 401 on the way out; then forget every cached answer.
    navigate(PATHS.login, { replace: true })
    queryClient.clear()
  }, [done, navigate, queryClient])

  return (
    <DeleteAccountRow
      state={state.value}
      error={feedbackText(t, state.context.error)}
      onOpen={() => send({ type: 'open' })}
      onConfirm={() => send({ type: 'confirm' })}
      onCancel={() => send({ type: 'cancel' })}
    />
  )
}
