import { useEffect, useRef } from 'react'
import { useParams } from 'wouter'
import { fromPromise } from 'xstate'
import { cleanerLinkApi } from '../../actors/cleanerLinkApi.ts'
import { feedbackText } from '../../common/notify.ts'
import { useFlow, type FlowImplementations } from '../../common/useFlow.ts'
import { NeedsWords, useI18n } from '../../i18n.tsx'
import { cleanerScheduleMachine } from '../../machines/cleaning/cleanerSchedule.ts'
import { FullPageSpinner } from '../../ui/common/Spinner.tsx'
import { CleanerScheduleView } from '../../ui/turnovers/CleanerScheduleView.tsx'

type Props = { implementations?: FlowImplementations<typeof cleanerScheduleMachine> }

/**
 * /cleaner/{token}: a cleaner's read-only page, no sign-in. Its words are a part of their own,
 * so neither the sign-in screen's nor a host's grow; it opens in the link's language, which the switch
 * may change.
 */
export default function CleanerScheduleRoute(props: Props) {
  return (
    <NeedsWords part="cleaner" fallback={<FullPageSpinner />}>
      <CleanerSchedule {...props} />
    </NeedsWords>
  )
}

function CleanerSchedule({ implementations = {} }: Props) {
  const { t, language, setLanguage } = useI18n()
  const { token = '' } = useParams<{ token?: string }>()
  const [state, send] = useFlow(
    cleanerScheduleMachine({
      actors: { loadSchedule: fromPromise(({ input }) => cleanerLinkApi.cleanerSchedule(input.token)) },
    }).provide(implementations),
    { input: { token } },
  )
  const linkLanguage = state.context.schedule?.language
  const applied = useRef(false)
  useEffect(() => {
    if (!linkLanguage || applied.current) return
    applied.current = true
    setLanguage(linkLanguage)
  }, [linkLanguage, setLanguage])
  return (
    <CleanerScheduleView
      state={state.value}
      schedule={state.context.schedule}
      error={feedbackText(t, state.context.error)}
      language={language}
      onLanguageChange={setLanguage}
      onRetry={() => send({ type: 'retry' })}
    />
  )
}
