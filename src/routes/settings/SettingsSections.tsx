import type { RefObject } from 'react'
import type { Profile } from '../../actors/api.ts'
import { NeedsWords, useI18n } from '../../i18n.tsx'
import { Spinner } from '../../ui/common/Spinner.tsx'
import { SettingsSection } from '../../ui/settings/SettingsLayout.tsx'
import { DeleteAccountSection } from './DeleteAccountSection.tsx'
import { DeviceAlertsSection } from './DeviceAlertsSection.tsx'
import { NotificationsSection } from './NotificationsSection.tsx'
import { ProfileSection } from './ProfileSection.tsx'
import { ResetLinkSection, TwoFactorSection } from './SecuritySection.tsx'

/** The settings modal's sections, each bound to its own flow. */
export default function SettingsSections({
  profile,
  dirtyReport,
}: {
  profile: Profile
  /** Where the personal info form says it holds unsaved typing. */
  dirtyReport: RefObject<boolean>
}) {
  const { t } = useI18n()
  return (
    <div className="flex flex-col gap-8">
      <SettingsSection title={t('settings.personalInfo')} testId="settings-personal">
        <ProfileSection profile={profile} dirtyReport={dirtyReport} />
      </SettingsSection>
      <SettingsSection title={t('settings.security')} testId="settings-security">
        <ResetLinkSection email={profile.email} />
        <TwoFactorSection profile={profile} />
      </SettingsSection>
      <SettingsSection title={t('settings.notifications')} testId="settings-notifications">
        <NotificationsSection profile={profile} />
        <NeedsWords part="alerts" fallback={<Spinner label={t('app.loading')} className="py-4" />}>
          <DeviceAlertsSection profile={profile} />
        </NeedsWords>
      </SettingsSection>
      <SettingsSection title={t('settings.deleteTitle')} testId="settings-delete">
        <DeleteAccountSection />
      </SettingsSection>
    </div>
  )
}
