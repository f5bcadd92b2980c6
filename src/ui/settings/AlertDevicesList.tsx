import type { PushDevice } from '../../../contract/push.ts'
import { useI18n } from '../../i18n.tsx'
import { Badge } from '../common/Badge.tsx'
import { Button } from '../common/form.tsx'
import { useFormat } from '../common/format.ts'

type Props = {
  devices: readonly PushDevice[]
  /** This browser's own device, if it has alerts on. */
  currentId: string | null
  removingId: string | null
  onRemove: (id: string) => void
}

/** The account's devices with alerts on, each with Remove (docs/product.md §12.6). */
export function AlertDevicesList({ devices, currentId, removingId, onRemove }: Props) {
  const { t } = useI18n()
  const format = useFormat()
  if (devices.length === 0) return null
  return (
    <div className="flex flex-col gap-2">
      <h4 className="text-sm font-medium text-slate-900">{t('alerts.devices')}</h4>
      <ul
        className="flex flex-col divide-y divide-slate-100 rounded-xl border border-slate-200"
        data-testid="alert-devices"
      >
        {devices.map((device) => (
          <li
            key={device.id}
            className="flex flex-wrap items-center justify-between gap-3 px-3 py-2.5"
            data-testid="alert-device"
          >
            <div className="flex min-w-0 flex-1 basis-48 flex-col gap-0.5">
              <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
                <span dir="auto">{device.label}</span>
                {device.id === currentId && <Badge tone="brand">{t('alerts.thisDevice')}</Badge>}
              </p>
              <p className="text-xs text-slate-500">
                {device.lastSuccessAt
                  ? t('alerts.lastAlert', { when: format.dateTime(device.lastSuccessAt) })
                  : t('alerts.since', { when: format.dateTime(device.createdAt) })}
              </p>
            </div>
            <Button
              type="button"
              variant="secondary"
              className="h-9 px-3"
              busy={removingId === device.id}
              onClick={() => onRemove(device.id)}
              aria-label={t('alerts.removeDevice', { device: device.label })}
            >
              {t('alerts.remove')}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  )
}
