import { ALL } from '../../domain/timeline.ts'
import { useI18n } from '../../i18n.tsx'

type Props = {
  /** Each platform the calendar holds stays of, by its feed name, with the name shown for it. */
  platforms: readonly { value: string; label: string }[]
  value: string
  onChange: (platform: string) => void
}

/** Issue 16: one platform's stays, or every platform's, in both calendar views. */
export function PlatformFilter({ platforms, value, onChange }: Props) {
  const { t } = useI18n()
  return (
    <label className="flex max-w-full min-w-0 items-center gap-2 text-sm font-medium text-slate-700">
      {t('calendar.platformFilter')}
      <select
        value={value}
        onChange={(event) => onChange(event.target.value)}
        data-testid="platform-filter"
        className="h-10 w-44 max-w-full min-w-0 rounded-xl border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none"
      >
        <option value={ALL}>{t('calendar.allPlatforms')}</option>
        {platforms.map((platform) => (
          <option key={platform.value} value={platform.value} dir="auto">
            {platform.label}
          </option>
        ))}
      </select>
    </label>
  )
}
