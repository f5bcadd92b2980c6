import { useI18n } from '../../i18n.tsx'
import { Button } from '../form.tsx'
import { Modal } from '../Modal.tsx'

type Props = { open: boolean; onKeepEditing: () => void; onDiscard: () => void }

/** Issue 15: closing a property form with unsaved input asks first; Escape or outside keeps editing. */
export function ConfirmDiscardDialog({ open, onKeepEditing, onDiscard }: Props) {
  const { t } = useI18n()
  return (
    <Modal
      open={open}
      onClose={onKeepEditing}
      title={t('property.discardTitle')}
      widthClass="md:max-w-[400px]"
      testId="discard-confirmation"
    >
      <div className="flex flex-col gap-4">
        <p className="text-sm text-slate-600">{t('property.discardText')}</p>
        <div className="grid w-full grid-cols-2 gap-3">
          <Button type="button" variant="secondary" onClick={onKeepEditing} data-testid="keep-editing">
            {t('property.keepEditing')}
          </Button>
          <Button type="button" variant="danger" onClick={onDiscard} data-testid="discard-draft">
            {t('property.discard')}
          </Button>
        </div>
      </div>
    </Modal>
  )
}
