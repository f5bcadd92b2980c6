import { useActorRef, useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { closeGuardMachine } from '../../machines/settings/closeGuard.ts'
import { useDirtyReport } from '../../ui/common/dirtyReport.ts'

/**
 * A dialog that asks before its form's unsaved input is lost. The form reports
 * through `dirtyReport`; the dialog closes through `requestClose`, and ConfirmDiscardDialog
 * takes `question`.
 */
export function useGuardedClose(onClose: () => void) {
  const dirtyReport = useDirtyReport()
  const guard = useActorRef(closeGuardMachine)
  useEffect(() => {
    const subscription = guard.on('closed', onClose)
    return () => subscription.unsubscribe()
  }, [guard, onClose])
  return {
    dirtyReport,
    requestClose: () => guard.send({ type: 'close', dirty: dirtyReport.current }),
    /** For ConfirmDiscardDialog. */
    question: {
      open: useSelector(guard, (state) => state.matches('confirmingDiscard')),
      onKeepEditing: () => guard.send({ type: 'keepEditing' }),
      onDiscard: () => guard.send({ type: 'discard' }),
    },
  }
}
