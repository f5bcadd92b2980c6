import { useI18n } from '../../i18n.tsx'
import { Button } from '../common/form.tsx'
import { TrashIcon } from '../common/appIcons.tsx'
import { Modal } from '../common/Modal.tsx'
import { richText, UserText } from '../common/UserText.tsx'
import { BottomSheet } from '../shell/BottomSheet.tsx'
import { PHONE_QUERY, useMediaQuery } from '../common/useMediaQuery.ts'

type Props = { open: boolean; name: string; busy: boolean; onCancel: () => void; onConfirm: () => void }

/** A centred 400 px dialog on wide screens, a bottom sheet at 768 px or less. */
export function ConfirmDeleteDialog({ open, name, busy, onCancel, onConfirm }: Props) {
  const { t } = useI18n()
  const onPhone = useMediaQuery(PHONE_QUERY)
  const close = () => {
    if (!busy) onCancel()
  }
  const content = (
    <div className="flex flex-col items-center gap-3 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600">
        <TrashIcon />
      </span>
      {onPhone && <h2 className="text-lg font-semibold text-slate-900">{t('property.deleteTitle')}</h2>}
      <p className="text-sm text-slate-600">
        {richText(t, 'property.deleteText', { name: <UserText>{name}</UserText> })}
      </p>
      <div className="mt-2 grid w-full grid-cols-2 gap-3">
        <Button type="button" variant="secondary" onClick={close} disabled={busy} data-testid="cancel-delete">
          {t('app.cancel')}
        </Button>
        <Button type="button" variant="danger" onClick={onConfirm} busy={busy} data-testid="confirm-delete">
          {t('property.deleteConfirm')}
        </Button>
      </div>
    </div>
  )
  if (onPhone) {
    return (
      <BottomSheet open={open} onClose={close} title={t('property.deleteTitle')} testId="delete-confirmation">
        <div className="px-2 pb-2">{content}</div>
      </BottomSheet>
    )
  }
  return (
    <Modal
      open={open}
      onClose={close}
      title={t('property.deleteTitle')}
      widthClass="md:max-w-[400px]"
      testId="delete-confirmation"
    >
      {content}
    </Modal>
  )
}
