import { useState, type FormEvent } from 'react'
import type { AdminUserAction } from '../../machines/admin/adminUserAction.ts'
import { useI18n } from '../../i18n.tsx'
import { DialogActions, FormError, TextAreaField } from '../common/form.tsx'
import { Modal } from '../common/Modal.tsx'
import { richText } from '../common/UserText.tsx'

type Props = {
  open: boolean
  action: AdminUserAction
  userLabel: string
  /** What is wrong with the reason, shown under it. */
  reasonError?: string
  /** A refusal that is not about the reason. */
  error?: string
  busy: boolean
  onSubmit: (reason: string) => void
  onCancel: () => void
}

type FormProps = Pick<
  Props,
  'action' | 'userLabel' | 'reasonError' | 'error' | 'busy' | 'onSubmit' | 'onCancel'
>

/** Lives inside the dialog, so each opening starts with an empty reason. */
function ReasonForm({ action, userLabel, reasonError, error, busy, onSubmit, onCancel }: FormProps) {
  const { t } = useI18n()
  const [reason, setReason] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit(reason)
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-sm wrap-anywhere text-slate-600">
        {richText(t, `userActions.${action}.explanation`, { user: <bdi>{userLabel}</bdi> })}
      </p>
      <TextAreaField
        id="admin-action-reason"
        name="reason"
        label={t('userActions.reason')}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        rows={3}
        required
        dir="auto"
        error={reasonError}
        placeholder={t('userActions.reasonPlaceholder')}
      />
      <FormError message={error} />
      <DialogActions
        busy={busy}
        onCancel={onCancel}
        confirmLabel={t(`userActions.${action}.confirm`)}
        variant={action === 'reactivate' ? 'primary' : 'danger'}
      />
    </form>
  )
}

/** Deactivate, reactivate or delete a user: the admin must say why; the reason goes to the audit log. */
export function ReasonDialog({ open, ...form }: Props) {
  const { t } = useI18n()
  return (
    <Modal
      open={open}
      onClose={form.busy ? () => {} : form.onCancel}
      title={t(`userActions.${form.action}.title`)}
      widthClass="md:max-w-[400px]"
      testId="reason-dialog"
    >
      <ReasonForm {...form} />
    </Modal>
  )
}
