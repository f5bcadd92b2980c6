import type { DateOnly } from '../../domain/dates.ts'
import { useI18n } from '../../i18n.tsx'
import { useFormat } from '../common/format.ts'
import { FormError, DialogActions } from '../common/form.tsx'
import { Modal } from '../common/Modal.tsx'
import { richText } from '../common/UserText.tsx'

type Props = {
  open: boolean
  stay: { start: DateOnly; end: DateOnly; propertyName: string }
  busy: boolean
  error?: string
  onConfirm: () => void
  onCancel: () => void
}

type BodyProps = Omit<Props, 'open'>

/** Inside the dialog, so that nothing is formatted while it is closed (and holds no stay). */
function DeleteStayBody({ stay, busy, error, onConfirm, onCancel }: BodyProps) {
  const { t } = useI18n()
  const format = useFormat()
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-600">
        {richText(
          t,
          'manualStay.deleteText',
          { property: <bdi>{stay.propertyName || t('calendar.unknownProperty')}</bdi> },
          { start: format.date(stay.start), end: format.date(stay.end) },
        )}
      </p>
      <FormError message={error} />
      <DialogActions
        busy={busy}
        onCancel={onCancel}
        confirmLabel={t('manualStay.delete')}
        variant="danger"
        onConfirm={onConfirm}
      />
    </div>
  )
}

/** Deleting a manual stay asks first, and says the nights become free everywhere. */
export function DeleteStayDialog({ open, ...body }: Props) {
  const { t } = useI18n()
  return (
    <Modal
      open={open}
      onClose={body.busy ? () => {} : body.onCancel}
      title={t('manualStay.deleteTitle')}
      widthClass="md:max-w-[400px]"
      testId="delete-stay-dialog"
    >
      <DeleteStayBody {...body} />
    </Modal>
  )
}
