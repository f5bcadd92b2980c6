import type { Profile } from '../actors/api.ts'
import { useI18n } from '../i18n.tsx'
import { ComingUpdate } from '../ui/ComingUpdate.tsx'
import { Modal } from '../ui/Modal.tsx'

/** The settings modal; its sections arrive with the accounts work. */
export function SettingsRoute({ open, onClose }: { open: boolean; onClose: () => void; profile: Profile }) {
  const { t } = useI18n()
  return (
    <Modal open={open} onClose={onClose} title={t('header.settings')} testId="settings-modal">
      <ComingUpdate />
    </Modal>
  )
}
