import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { fromPromise } from 'xstate'
import { NeedsWords, useI18n } from '../../i18n.tsx'
import { leaveTeamMachine } from '../../machines/team/memberActions.ts'
import { teamApi } from '../../actors/teamApi.ts'
import { feedbackText, showNotice } from '../../common/notify.ts'
import { useFlow, type FlowImplementations } from '../../common/useFlow.ts'
import { ConfirmedLinkAction } from '../../ui/turnovers/ConfirmedLinkAction.tsx'

type Props = {
  propertyId: string
  propertyName: string
  /** The reader's membership of the property: what leaving removes. */
  memberId: string
  /** The property is no longer the reader's: its editor closes. */
  onLeft: () => void
  implementations?: FlowImplementations<typeof leaveTeamMachine>
}

/**
 * A co-host's "Leave this property" (docs/product.md §7.13): after asking, their membership ends,
 * and the property leaves their lists, calendar and alerts at once.
 */
export function LeavePropertyButton(props: Props) {
  return (
    <NeedsWords part="team">
      <LeaveProperty {...props} />
    </NeedsWords>
  )
}

function LeaveProperty({ propertyId, propertyName, memberId, onLeft, implementations = {} }: Props) {
  const { t } = useI18n()
  const queryClient = useQueryClient()
  const [state, send] = useFlow(
    leaveTeamMachine({
      actors: {
        perform: fromPromise<unknown, void>(async () => {
          await teamApi.remove(propertyId, memberId)
          // Every screen may hold the property (lists, calendar, figures, notices): all reload.
          await queryClient.invalidateQueries()
        }),
      },
      actions: { notify: (_, message) => showNotice(t, message) },
    }).provide(implementations),
  )
  const left = state.matches('done')
  useEffect(() => {
    if (left) onLeft()
  }, [left, onLeft])
  return (
    <ConfirmedLinkAction
      state={state.value}
      label={t('team.leave')}
      title={t('team.leaveTitle', { name: propertyName })}
      body={t('team.leaveText')}
      confirmLabel={t('team.leaveConfirm')}
      danger
      error={feedbackText(t, state.context.error)}
      testId="leave-property"
      onOpen={() => send({ type: 'open' })}
      onConfirm={() => send({ type: 'confirm' })}
      onCancel={() => send({ type: 'cancel' })}
    />
  )
}
