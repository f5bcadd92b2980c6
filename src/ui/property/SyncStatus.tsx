import type { ExternalCalendar } from '../../../contract/property.ts'
import type { Translate } from '../../domain/translator.ts'
import { useI18n } from '../../i18n.tsx'
import { useFormat } from '../common/format.ts'

const SYNC_ERROR_PREFIX = 'sync.errors.'

/**
 * The server keeps a failed fetch's reason as a locale key (`sync.errors.<reason>`); this is its
 * text in the host's language. A key this build does not know reads as the generic failure, never
 * as the raw key.
 */
export function syncErrorText(t: Translate, key: string): string {
  const known = key.startsWith(SYNC_ERROR_PREFIX) ? t(key) : key
  return known === key ? t(`${SYNC_ERROR_PREFIX}unexpected`) : known
}

/**
 * When an external calendar last synced, why its last fetch failed if it did, whether it is
 * paused for failing its parsing budgets, and whether its feed keeps changing.
 */
export function SyncStatus({
  calendar,
}: {
  calendar: Pick<ExternalCalendar, 'lastSyncedAt' | 'lastError' | 'paused' | 'unstable'>
}) {
  const { t } = useI18n()
  const format = useFormat()
  return (
    <span className="flex flex-col gap-0.5 text-xs">
      <span data-testid="last-synced" className="text-slate-500">
        {calendar.lastSyncedAt
          ? t('calendar.lastSynced', { time: format.dateTime(calendar.lastSyncedAt) })
          : t('calendar.neverSynced')}
      </span>
      {calendar.lastError && (
        <span data-testid="last-error" role="status" className="text-red-600">
          {syncErrorText(t, calendar.lastError)}
        </span>
      )}
      {calendar.paused && (
        <span data-testid="sync-paused" className="font-medium text-amber-700">
          {t('calendar.paused')}
        </span>
      )}
      {calendar.unstable && (
        <span data-testid="sync-unstable" className="font-medium text-amber-700">
          {t('calendar.unstable')}
        </span>
      )}
    </span>
  )
}

/** A link that does not sync: its last fetch failed, or it is paused. */
export const isFailingFeed = (calendar: Pick<ExternalCalendar, 'lastError' | 'paused'>) =>
  Boolean(calendar.lastError) || calendar.paused

/** A warning mark and its text, for a card that holds failing links ("1 link failing"). */
export function FailingFeedsNote({ text, testId }: { text: string; testId: string }) {
  return (
    <p data-testid={testId} className="flex items-center gap-1.5 text-xs font-medium text-red-700">
      <svg viewBox="0 0 16 16" width={16} height={16} aria-hidden="true" className="shrink-0 text-red-600">
        <path
          d="M8 1.8 15 14H1L8 1.8Z"
          fill="none"
          stroke="currentColor"
          strokeWidth={1.6}
          strokeLinejoin="round"
        />
        <path d="M8 6.2v3.6" stroke="currentColor" strokeWidth={1.6} strokeLinecap="round" />
        <circle cx="8" cy="11.8" r="0.9" fill="currentColor" />
      </svg>
      <span className="min-w-0">{text}</span>
    </p>
  )
}
