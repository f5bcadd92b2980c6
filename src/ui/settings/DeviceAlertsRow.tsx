import { useId } from 'react'
import { useI18n } from '../../i18n.tsx'
import { Button, FormError } from '../common/form.tsx'
import { CheckIcon } from '../common/icons.tsx'
import { SettingRow } from './SettingsLayout.tsx'
import type { DeviceAlertsState } from '../../machines/settings/deviceAlerts.ts'

const HINTS: Record<DeviceAlertsState, string> = {
  finding: 'alerts.hint.finding',
  unsupported: 'alerts.hint.unsupported',
  blocked: 'alerts.hint.blocked',
  off: 'alerts.hint.off',
  enabling: 'alerts.hint.off',
  on: 'alerts.hint.on',
  tested: 'alerts.hint.on',
  disabling: 'alerts.hint.on',
  testing: 'alerts.hint.on',
}

type Props = {
  state: DeviceAlertsState
  /** What failed, in the reader's words. */
  error?: string | undefined
  onEnable: () => void
  onDisable: () => void
  onTest: () => void
}

/** "Alerts on this device" (docs/product.md §12.6): on, off, a test, or why it cannot be. */
export function DeviceAlertsRow({ state, error, onEnable, onDisable, onTest }: Props) {
  const { t } = useI18n()
  const id = useId()
  const ids = { title: `${id}-title`, description: `${id}-description` }
  const on = state === 'on' || state === 'tested' || state === 'disabling' || state === 'testing'
  const off = state === 'off' || state === 'enabling'
  return (
    <SettingRow
      ids={ids}
      title={t('alerts.title')}
      description={t(HINTS[state])}
      action={
        <div className="flex flex-wrap gap-2" data-testid="device-alerts" data-state={state}>
          {on && (
            <>
              <Button type="button" variant="secondary" busy={state === 'testing'} onClick={onTest}>
                {t('alerts.test')}
              </Button>
              <Button type="button" variant="secondary" busy={state === 'disabling'} onClick={onDisable}>
                {t('alerts.disable')}
              </Button>
            </>
          )}
          {off && (
            <Button
              type="button"
              busy={state === 'enabling'}
              onClick={onEnable}
              aria-describedby={ids.description}
            >
              {t('alerts.enable')}
            </Button>
          )}
        </div>
      }
    >
      {state === 'tested' && (
        <p role="status" className="flex items-center gap-2 text-sm text-emerald-700">
          <CheckIcon width={16} height={16} className="shrink-0" />
          <span className="min-w-0">{t('alerts.tested')}</span>
        </p>
      )}
      <FormError message={error} />
    </SettingRow>
  )
}
