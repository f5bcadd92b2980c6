import type { ConfirmedActionState } from '../../machines/parts/confirmedAction.ts'
import { DialogActions, FormError } from './form.tsx'
import { Modal } from './Modal.tsx'

type Props = {
  state: ConfirmedActionState
  title: string
  body: string
  error?: string
  confirmLabel: string
  testId: string
  confirmTestId: string
  onConfirm: () => void
  onCancel: () => void
}

/**
 * The question a step that asks first puts (src/machines/parts/confirmedAction.ts): open while it
 * asks and while the work runs, which it cannot be closed during.
 */
export function ConfirmStepDialog({
  state,
  title,
  body,
  error,
  confirmLabel,
  testId,
  confirmTestId,
  onConfirm,
  onCancel,
}: Props) {
  const busy = state === 'performing'
  return (
    <Modal
      open={state === 'confirming' || busy}
      onClose={busy ? () => {} : onCancel}
      title={title}
      widthClass="md:max-w-[400px]"
      testId={testId}
    >
      <div className="flex flex-col gap-4">
        <p className="text-sm text-slate-600">{body}</p>
        <FormError message={error} />
        <DialogActions
          busy={busy}
          onCancel={onCancel}
          confirmLabel={confirmLabel}
          onConfirm={onConfirm}
          confirmTestId={confirmTestId}
        />
      </div>
    </Modal>
  )
}
