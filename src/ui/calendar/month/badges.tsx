import type { BookingKind } from '../../../domain/bookings.ts'
import { useI18n } from '../../../i18n.tsx'

const pill =
  'inline-flex items-center rounded-full px-2 py-0.5 text-[11px] leading-4 font-semibold whitespace-nowrap'

export function PlatformBadge({ label }: { label: string }) {
  return <span className={`${pill} bg-sky-50 text-sky-800 ring-1 ring-sky-200 ring-inset`}>{label}</span>
}

/** Sold nights are green, closed (blocked) nights grey. */
export function StatusBadge({ label, kind }: { label: string; kind: BookingKind }) {
  const tone = kind === 'block' ? 'bg-slate-100 text-slate-700' : 'bg-emerald-50 text-emerald-800'
  return <span className={`${pill} ${tone}`}>{label}</span>
}

/** A block that only mirrors what Manzil exported to its platform: shown, muted, never a conflict. */
export function EchoBadge() {
  const { t } = useI18n()
  return (
    <span title={t('manualStay.echoHint')} className={`${pill} bg-slate-100 text-slate-600`}>
      {t('manualStay.echo')}
    </span>
  )
}

/** The same nights are sold on two platforms: the host must act. */
export function ConflictBadge() {
  const { t } = useI18n()
  return (
    <span title={t('calendar.conflictHint')} className={`${pill} bg-red-600 text-white`}>
      {t('calendar.conflict')}
    </span>
  )
}

export function ColorSwatch({ color, className = 'size-3' }: { color: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block shrink-0 rounded-full ring-1 ring-black/10 ${className}`}
      style={{ backgroundColor: color }}
    />
  )
}

/** A conflict's "!" badge; the word is read in the bar's name. */
export function ConflictMark({ className = '', testId }: { className?: string; testId?: string }) {
  return (
    <span
      aria-hidden="true"
      data-testid={testId}
      className={`flex size-3.5 shrink-0 items-center justify-center rounded-full bg-red-600 text-[10px] leading-none font-bold text-white ring-1 ring-white ${className}`}
    >
      !
    </span>
  )
}
