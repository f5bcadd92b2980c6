import { useId } from 'react'
import { useI18n } from '../../i18n.tsx'
import { Switch } from '../common/Switch.tsx'
import { SettingRow } from './SettingsLayout.tsx'

type SwitchProps = { enabled: boolean; saving: boolean; onToggle: () => void }

/** A setting that is on or off, saved as it is switched. */
function SwitchRow({
  title,
  description,
  enabled,
  saving,
  onToggle,
}: SwitchProps & { title: string; description: string }) {
  const id = useId()
  const ids = { title: `${id}-title`, description: `${id}-description` }
  return (
    <SettingRow
      ids={ids}
      title={title}
      description={description}
      action={
        <Switch
          checked={enabled}
          onChange={onToggle}
          busy={saving}
          labelledBy={ids.title}
          describedBy={ids.description}
        />
      }
    />
  )
}

/** The notifications on/off toggle (docs/product.md §4.5). */
export function NotificationsRow(props: SwitchProps) {
  const { t } = useI18n()
  return (
    <SwitchRow
      title={t('settings.notificationsLabel')}
      description={t('settings.notificationsHint')}
      {...props}
    />
  )
}

/** Whether push alerts name the guest: off by default, since a lock screen is public (docs/product.md §12.6). */
export function GuestNamesRow(props: SwitchProps) {
  const { t } = useI18n()
  return <SwitchRow title={t('alerts.guestNames')} description={t('alerts.guestNamesHint')} {...props} />
}
