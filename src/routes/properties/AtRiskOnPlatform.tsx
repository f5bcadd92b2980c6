import { fromPromise } from 'xstate'
import type { PlatformFeed } from '../../../contract/property.ts'
import { useI18n } from '../../i18n.tsx'
import { acknowledgeAtRiskMachine } from '../../machines/property/acknowledgeAtRisk.ts'
import { AtRiskNights } from '../../ui/imports/AtRiskNights.tsx'
import { platformLabel } from '../../ui/property/PlatformLinks.tsx'
import { feedbackText, showNotice } from '../../common/notify.ts'
import { useFlow, type FlowImplementations } from '../../common/useFlow.ts'
import { useAcknowledgeAtRisk } from '../../features/properties/editorQueries.ts'

type Props = {
  propertyId: string
  feed: Pick<PlatformFeed, 'platformName' | 'atRisk' | 'calendarPage'>
  implementations?: FlowImplementations<typeof acknowledgeAtRiskMachine>
}

/** A platform's nights at risk with "I closed them", which records that the host closed them by hand. */
export function AtRiskOnPlatform({ propertyId, feed, implementations = {} }: Props) {
  const { t } = useI18n()
  const acknowledge = useAcknowledgeAtRisk(propertyId)
  const [state, send] = useFlow(
    acknowledgeAtRiskMachine({
      actors: { perform: fromPromise<unknown, void>(() => acknowledge.mutateAsync(feed.platformName)) },
      actions: { notify: (_, notice) => showNotice(t, notice) },
    }).provide(implementations),
  )
  return (
    <AtRiskNights
      platform={platformLabel(t, feed.platformName)}
      platformName={feed.platformName}
      calendarPage={feed.calendarPage}
      runs={feed.atRisk}
      state={state.value}
      error={feedbackText(t, state.context.error)}
      onOpen={() => send({ type: 'open' })}
      onConfirm={() => send({ type: 'confirm' })}
      onCancel={() => send({ type: 'cancel' })}
    />
  )
}
