import type { ActorRefFrom, SnapshotFrom } from 'xstate'
import { useI18n } from '../../i18n.tsx'
import { CONNECT_CHECKS, type connectPlatformMachine } from '../../machines/integration/connectPlatform.ts'
import { ConfirmDiscardDialog } from '../../ui/common/ConfirmDiscardDialog.tsx'
import { ConnectPlatformDialog } from '../../ui/integration/ConnectPlatformDialog.tsx'
import { formFeedback } from '../../common/notify.ts'

type Props = {
  state: SnapshotFrom<typeof connectPlatformMachine>
  send: ActorRefFrom<typeof connectPlatformMachine>['send']
  properties: readonly { id: string; name: string }[]
}

/** The connect flow on screen: the dialog as its state says, and "Discard this link?". */
export function ConnectPlatformDialogs({ state, send, properties }: Props) {
  const { t } = useI18n()
  const { platformName, propertyId, propertyIds, error } = state.context
  const refused = formFeedback(t, error, ['propertyId', 'urlPath'], CONNECT_CHECKS)
  return (
    <>
      <ConnectPlatformDialog
        open={!state.matches('closed')}
        platformName={platformName}
        properties={properties}
        offered={propertyIds}
        propertyId={propertyId}
        fieldErrors={refused.fields}
        error={refused.banner}
        busy={state.matches('connecting')}
        onSubmit={(link) => send({ type: 'submit', ...link })}
        onCancel={(dirty) => send({ type: 'cancel', dirty })}
      />
      <ConfirmDiscardDialog
        open={state.matches('confirmingDiscard')}
        draft="link"
        onKeepEditing={() => send({ type: 'keepEditing' })}
        onDiscard={() => send({ type: 'discard' })}
      />
    </>
  )
}
