import { adminApi } from '../../actors/adminApi.ts'
import { useQueryClient } from '@tanstack/react-query'
import { fromPromise } from 'xstate'
import type { ManagedUser, Profile } from '../../actors/api.ts'
import { useI18n } from '../../i18n.tsx'
import type { AdminUserAction } from '../../machines/admin/adminUserAction.ts'
import { Button } from '../../ui/common/form.tsx'
import { Modal } from '../../ui/common/Modal.tsx'
import { ConfirmDiscardDialog } from '../../ui/common/ConfirmDiscardDialog.tsx'
import { useGuardedClose } from '../../features/settings/useGuardedClose.ts'
import { EmailText, richText } from '../../ui/common/UserText.tsx'
import { SettingRow, SettingsSection } from '../../ui/settings/SettingsLayout.tsx'
import { NotificationsSection } from '../settings/NotificationsSection.tsx'
import { ProfileSection } from '../settings/ProfileSection.tsx'
import { ResetLinkSection } from '../settings/SecuritySection.tsx'
import { useProfile } from '../../frame/session.ts'
import { adminUsersCache } from '../../features/admin/adminCache.ts'

/** The two-factor and push rows are not shown for another user, so their flags are never read. */
const profileOf = (user: ManagedUser): Profile => ({
  ...user,
  settings: { ...user.settings, twofactorMode: false, pushGuestNames: false },
})

type Props = {
  user: ManagedUser | null
  onClose: () => void
  /** Opens the reason dialog; the profile dialog closes first so only one dialog is open. */
  onAction: (userId: string, action: AdminUserAction) => void
}

/**
 * Users → Edit (docs/product.md §2.18): the settings modal for another user, through the admin API. The
 * two-factor row is the user's own business; deactivation and deletion take a reason.
 */
export function AdminProfileDialog({ user, onClose, onAction }: Props) {
  const { t } = useI18n()
  const queryClient = useQueryClient()
  const me = useProfile().data
  // Someone's name keeps its own direction; an address is laid out left to right and wraps.
  const label = user?.name?.trim() ? <bdi>{user.name.trim()}</bdi> : <EmailText email={user?.email ?? ''} />
  const isSelf = user !== null && user.id === me?.id
  // Unsaved changes to the user's details are not dropped without asking.
  const guard = useGuardedClose(onClose)
  return (
    <>
      <Modal
        open={user !== null}
        onClose={guard.requestClose}
        title={richText(t, 'users.profileTitle', { user: label })}
        testId="admin-profile"
      >
        {user && (
          <div key={user.id} className="flex flex-col gap-8">
            <SettingsSection title={t('settings.personalInfo')} testId="settings-personal">
              <ProfileSection
                profile={profileOf(user)}
                dirtyReport={guard.dirtyReport}
                implementations={{
                  actors: { save: fromPromise(({ input }) => adminApi.updateUser(user.id, input)) },
                  actions: {
                    saved: (_, { name, phone, email, residentalAddress }) =>
                      adminUsersCache.updated(queryClient, user.id, {
                        name,
                        phone,
                        email,
                        residentalAddress,
                      }),
                  },
                }}
              />
            </SettingsSection>
            <SettingsSection title={t('settings.security')} testId="settings-security">
              <ResetLinkSection email={user.email} />
            </SettingsSection>
            <SettingsSection title={t('settings.notifications')} testId="settings-notifications">
              <NotificationsSection
                profile={profileOf(user)}
                implementations={{
                  actors: {
                    save: fromPromise(({ input }) => adminApi.toggleNotifications(user.id, input.enabled)),
                  },
                  // The signed-in admin's own profile must not change with another user's switch.
                  actions: {
                    changed: (_, notifications) =>
                      adminUsersCache.updated(queryClient, user.id, { settings: { notifications } }),
                  },
                }}
              />
            </SettingsSection>
            <SettingsSection title={t('userActions.accountTitle')} testId="settings-account">
              {user.accountState === 'deactivated' ? (
                <AccountActionRow
                  action="reactivate"
                  description={t('userActions.reactivate.hint')}
                  onClick={() => onAction(user.id, 'reactivate')}
                />
              ) : (
                <AccountActionRow
                  action="deactivate"
                  description={isSelf ? t('userActions.notYourself') : t('userActions.deactivate.hint')}
                  disabled={isSelf}
                  onClick={() => onAction(user.id, 'deactivate')}
                />
              )}
              <AccountActionRow
                action="delete"
                description={isSelf ? t('userActions.notYourself') : t('userActions.delete.hint')}
                disabled={isSelf}
                onClick={() => onAction(user.id, 'delete')}
              />
            </SettingsSection>
          </div>
        )}
      </Modal>
      <ConfirmDiscardDialog draft="profile" {...guard.question} />
    </>
  )
}

/** One of an account's actions: its title, what it does (or why it cannot be done), its button. */
function AccountActionRow({
  action,
  description,
  disabled = false,
  onClick,
}: {
  action: AdminUserAction
  description: string
  disabled?: boolean
  onClick: () => void
}) {
  const { t } = useI18n()
  return (
    <SettingRow
      title={t(`userActions.${action}.title`)}
      description={description}
      action={
        <Button
          type="button"
          variant={action === 'delete' ? 'danger' : 'secondary'}
          disabled={disabled}
          onClick={onClick}
        >
          {t(`userActions.${action}.confirm`)}
        </Button>
      }
    />
  )
}
