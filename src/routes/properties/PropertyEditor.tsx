import { useEffect, type ReactNode } from 'react'
import { useMachine } from '@xstate/react'
import type { Property } from '../../actors/api.ts'
import type { PlatformFeed } from '../../../contract/property.ts'
import { useI18n } from '../../i18n.tsx'
import type { propertyModalMachine } from '../../machines/property/propertyModal.ts'
import {
  EditViewModal,
  type EditorActivity,
  type InternalCalendarLink,
  type RotateLinkSlot,
} from '../../ui/property/EditViewModal.tsx'
import type { PlatformChoices } from '../../ui/property/PlatformLinks.tsx'
import { showNotice } from '../../common/notify.ts'

type Props = {
  /** The modal's machine with its save and delete actors: the real ones, or a test's fakes. */
  machine: ReturnType<typeof propertyModalMachine>
  property: Property
  choices: PlatformChoices
  internalCalendar: InternalCalendarLink
  statistics: ReactNode
  team?: ReactNode
  leave?: ReactNode
  syncNow?: ReactNode
  rotateLink?: RotateLinkSlot
  atRisk?: (feed: PlatformFeed) => ReactNode
  onClosed: () => void
}

/** Binds the edit/view modal's machine to its view; tells the page once the machine has closed. */
export function PropertyEditor({
  machine,
  property,
  choices,
  internalCalendar,
  statistics,
  team,
  leave,
  syncNow,
  rotateLink,
  atRisk,
  onClosed,
}: Props) {
  const { t } = useI18n()
  const [state, send] = useMachine(
    machine.provide({ actions: { notify: (_, notice) => showNotice(t, notice) } }),
    { input: { propertyId: property.id } },
  )
  const closed = state.matches('closed')
  useEffect(() => {
    if (closed) onClosed()
  }, [closed, onClosed])
  if (closed) return null
  // The edit form's own step: idle, or what it asks or waits for.
  const activity: EditorActivity = typeof state.value === 'object' ? state.value.editing : 'idle'

  return (
    <EditViewModal
      property={property}
      mode={state.matches('viewing') ? 'view' : 'edit'}
      tab={state.context.tab}
      activity={activity}
      choices={choices}
      internalCalendar={internalCalendar}
      refusal={state.context.refusal}
      statistics={statistics}
      team={team}
      leave={leave}
      syncNow={syncNow}
      rotateLink={rotateLink}
      atRisk={atRisk}
      onToggleMode={() => send({ type: 'toggleMode' })}
      onSelectTab={(tab) => send({ type: 'selectTab', tab })}
      onSave={(changes) => send({ type: 'save', changes })}
      onRequestDelete={() => send({ type: 'requestDelete' })}
      onCancelDelete={() => send({ type: 'cancelDelete' })}
      onConfirmDelete={() => send({ type: 'confirmDelete' })}
      onClose={(dirty) => send({ type: 'close', dirty })}
      onKeepEditing={() => send({ type: 'keepEditing' })}
      onDiscard={() => send({ type: 'discard' })}
    />
  )
}
