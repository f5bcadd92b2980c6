import type { ConfirmedActionState } from '../../machines/parts/confirmedAction.ts'
import { ConfirmStepDialog } from '../common/ConfirmStepDialog.tsx'
import { Button } from '../common/form.tsx'

type Props = {
  state: ConfirmedActionState
  /** The button's label, and the confirmation's title, text and confirming label. */
  label: string
  title: string
  body: string
  confirmLabel: string
  danger?: boolean
  error?: string
  /** Names the dialog and its button for tests: `{testId}-dialog`, `confirm-{testId}`. */
  testId: string
  onOpen: () => void
  onConfirm: () => void
  onCancel: () => void
}

/** A cleaner's link's "New link" or "Revoke", and the confirmation that says what happens. */
export function ConfirmedLinkAction({ state, label, danger, testId, onOpen, ...dialog }: Props) {
  return (
    <>
      <Button
        type="button"
        variant="secondary"
        onClick={onOpen}
        data-testid={testId}
        className={`h-9 px-3.5 ${danger ? 'text-red-700' : ''}`}
      >
        {label}
      </Button>
      <ConfirmStepDialog
        state={state}
        {...dialog}
        testId={`${testId}-dialog`}
        confirmTestId={`confirm-${testId}`}
      />
    </>
  )
}
