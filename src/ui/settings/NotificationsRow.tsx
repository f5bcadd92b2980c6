import { useId } from 'react'
import { useI18n } from '../../i18n.tsx'
import { Switch } from '../common/Switch.tsx'
import { SettingRow } from './SettingsLayout.tsx'

/** The notifications on/off toggle (docs/product.md §4.5). */
export function NotificationsRow({
  enabled,
  saving,
  onToggle,
}: {
  enabled: boolean
  saving: boolean
  onToggle: () => void
}) {
  const { t } = useI18n()
  const id = useId()
  const ids = { title: `${id}-title`, description: `${id}-description` }
  return (
    <SettingRow
      ids={ids}
      title={t('settings.notificationsLabel')}
      description={t('settings.notificationsHint')}
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
