import { useI18n } from '../../i18n.tsx'

export function Logo({ compact = false }: { compact?: boolean }) {
  const { t } = useI18n()
  return (
    <span className="flex items-center gap-2.5 font-semibold text-slate-900">
      <svg viewBox="0 0 32 32" width={32} height={32} aria-hidden="true" className="shrink-0">
        <rect width="32" height="32" rx="8" fill="#0f766e" />
        <path d="M8 16.5 16 9l8 7.5V24a1 1 0 0 1-1 1h-4.5v-5h-5v5H9a1 1 0 0 1-1-1z" fill="#fff" />
      </svg>
      {!compact && <span className="text-lg tracking-tight">{t('app.name')}</span>}
    </span>
  )
}
