import { fromPromise } from 'xstate'
import { useI18n } from '../../i18n.tsx'
import { rotateLinkMachine } from '../../machines/property/rotateLink.ts'
import { RotateLinkControl } from '../../ui/property/RotateLinkControl.tsx'
import { feedbackText, showNotice } from '../../common/notify.ts'
import { useFlow, type FlowImplementations } from '../../common/useFlow.ts'
import { useRotateInternalCalendar, useRotatePlatformFeed } from '../../features/properties/editorQueries.ts'

type Props = {
  propertyId: string
  /** The platform whose availability feed to replace; none: the private full feed. */
  platformName?: string
  implementations?: FlowImplementations<typeof rotateLinkMachine>
}

/**
 * A calendar link is a secret that can leak; "New link" replaces it after a
 * confirmation, and the old one stops working at once (whoever imports it needs the new one).
 */
export function RotateCalendarLinkButton({ propertyId, platformName, implementations = {} }: Props) {
  const { t } = useI18n()
  const rotatePrivate = useRotateInternalCalendar(propertyId)
  const rotatePlatform = useRotatePlatformFeed(propertyId)
  const [state, send] = useFlow(
    rotateLinkMachine({
      actors: {
        perform: fromPromise<unknown, void>(() =>
          platformName ? rotatePlatform.mutateAsync(platformName) : rotatePrivate.mutateAsync(),
        ),
      },
      actions: { notify: (_, notice) => showNotice(t, notice) },
    }).provide(implementations),
  )
  return (
    <RotateLinkControl
      state={state.value}
      platform={platformName}
      error={feedbackText(t, state.context.error)}
      onOpen={() => send({ type: 'open' })}
      onConfirm={() => send({ type: 'confirm' })}
      onCancel={() => send({ type: 'cancel' })}
    />
  )
}
