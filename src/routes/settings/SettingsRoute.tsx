import { lazy, Suspense } from 'react'
import type { Profile } from '../../actors/api.ts'
import { useI18n } from '../../i18n.tsx'
import { Modal } from '../../ui/common/Modal.tsx'
import { Spinner } from '../../ui/common/Spinner.tsx'
import { ConfirmDiscardDialog } from '../../ui/common/ConfirmDiscardDialog.tsx'
import { useGuardedClose } from '../../features/settings/useGuardedClose.ts'

// Loaded when first opened, so the signed-in frame stays small.
const SettingsSections = lazy(() => import('./SettingsSections.tsx'))

type Props = { open: boolean; onClose: () => void; profile: Profile }

/**
 * The settings modal (docs/product.md §2.21): personal info, password and two-factor, notifications
 * and account deletion. Its flows start afresh from the current profile each time it opens.
 */
export function SettingsRoute({ open, onClose, profile }: Props) {
  const { t } = useI18n()
  // Unsaved personal info is not dropped without asking.
  const guard = useGuardedClose(onClose)
  return (
    <>
      <Modal
        open={open}
        onClose={guard.requestClose}
        title={t('header.settings')}
        placement="top"
        testId="settings-modal"
      >
        <Suspense fallback={<Spinner label={t('app.loading')} className="m-4" />}>
          <SettingsSections profile={profile} dirtyReport={guard.dirtyReport} />
        </Suspense>
      </Modal>
      <ConfirmDiscardDialog draft="profile" {...guard.question} />
    </>
  )
}
