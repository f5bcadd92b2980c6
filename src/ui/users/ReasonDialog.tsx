import { useState, type FormEvent } from 'react'
import type { AdminUserAction } from '../../machines/adminUserAction.ts'
import { useI18n } from '../../i18n.tsx'
import { DialogActions, FormError } from '../form.tsx'
import { Modal } from '../Modal.tsx'
import { richText } from '../UserText.tsx'

type Props = {
  open: boolean
  action: AdminUserAction
  userLabel: string
  error?: string
  busy: boolean
  onSubmit: (reason: string) => void
  onCancel: () => void
}

type FormProps = Pick<Props, 'action' | 'userLabel' | 'error' | 'busy' | 'onSubmit' | 'onCancel'>

/** Lives inside the dialog, so each opening starts with an empty reason. */
function ReasonForm({ action, userLabel, error, busy, onSubmit, onCancel }: FormProps) {
  const { t } = useI18n()
  const [reason, setReason] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit(reason)
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-slate-600">
        {richText(t, `userActions.${action}.explanation`, { user: <bdi>{userLabel}</bdi> })}
      </p>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="admin-action-reason" className="text-sm font-medium text-slate-700">
          {t('userActions.reason')}
        </label>
        <textarea
          id="admin-action-reason"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          rows={3}
          required
          aria-invalid={error ? true : undefined}
          placeholder={t('userActions.reasonPlaceholder')}
          className="rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-sm placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none"
        />
      </div>
      <FormError message={error} />
      <DialogActions
        busy={busy}
        onCancel={onCancel}
        confirmLabel={t(`userActions.${action}.confirm`)}
        variant="danger"
      />
    </form>
  )
}

/** Deactivate or delete a user: the admin must say why (SPEC 5); the reason goes to the audit log. */
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
