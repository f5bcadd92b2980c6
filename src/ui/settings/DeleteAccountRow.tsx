import type { ConfirmedActionState } from '../../machines/parts/confirmedAction.ts'
import { useI18n } from '../../i18n.tsx'
import { Button, FormError, DialogActions } from '../common/form.tsx'
import { Modal } from '../common/Modal.tsx'
import { SettingRow } from './SettingsLayout.tsx'

type Props = {
  state: ConfirmedActionState
  error?: string
  onOpen: () => void
  onConfirm: () => void
  onCancel: () => void
}

/** Delete one's own account, after a confirmation without a reason. */
export function DeleteAccountRow({ state, error, onOpen, onConfirm, onCancel }: Props) {
  const { t } = useI18n()
  const deleting = state === 'performing'
  return (
    <>
      <SettingRow
        title={t('settings.deleteTitle')}
        description={t('settings.deleteHint')}
        action={
          <Button type="button" variant="danger" onClick={onOpen}>
            {t('settings.deleteTitle')}
          </Button>
        }
      />
      <Modal
        open={state === 'confirming' || deleting}
        onClose={deleting ? () => {} : onCancel}
        title={t('settings.deleteConfirmTitle')}
        widthClass="md:max-w-[400px]"
        testId="delete-account-dialog"
      >
        <div className="flex flex-col gap-4">
          <p className="text-sm text-slate-600">{t('settings.deleteConfirmText')}</p>
          <FormError message={error} />
          <DialogActions
            busy={deleting}
            onCancel={onCancel}
            confirmLabel={t('settings.deleteConfirm')}
            variant="danger"
            onConfirm={onConfirm}
          />
        </div>
      </Modal>
    </>
  )
}
