import { useId, type ReactNode } from 'react'
import type { ExternalCalendar, Property } from '../../../contract/property.ts'
import { useI18n } from '../../i18n.tsx'
import { ChevronDownIcon } from '../common/icons.tsx'
import { isFailingFeed, syncErrorText } from '../property/SyncStatus.tsx'
import { useRelativeTime } from './month/relativeTime.ts'
import { ImportStatus, type ImportFacts } from '../imports/ImportStatus.tsx'

export type SyncHealthProperty = Pick<Property, 'id' | 'name' | 'externalCalendars'>

type Props = {
  properties: readonly SyncHealthProperty[]
  /** The moment "5 minutes ago" is measured from (the hook moves it on every minute). */
  now: number
  expanded: boolean
  onToggle: () => void
  /** The Sync now button, with the account's wait. */
  action: ReactNode
  /** By property id: when each platform last imported the property's availability link. */
  imports?: Readonly<Record<string, readonly ImportFacts[]>>
}

export type FeedState = 'paused' | 'failing' | 'never' | 'ok'

/** Paused outranks failing: a paused link is not even tried until the host acts. */
export function feedState(
  calendar: Pick<ExternalCalendar, 'lastSyncedAt' | 'lastError' | 'paused'>,
): FeedState {
  if (calendar.paused) return 'paused'
  if (calendar.lastError) return 'failing'
  return calendar.lastSyncedAt ? 'ok' : 'never'
}

/** "3 properties · 5 feeds · 1 failing": a failing or paused link counts as failing. */
export function syncHealthSummary(properties: readonly SyncHealthProperty[]) {
  const feeds = properties.flatMap((property) => property.externalCalendars)
  return { properties: properties.length, feeds: feeds.length, failing: feeds.filter(isFailingFeed).length }
}

const DOT: Record<FeedState, string> = {
  paused: 'bg-amber-500',
  failing: 'bg-red-600',
  never: 'bg-slate-300',
  ok: 'bg-emerald-500',
}

function Dot({ state, className = '' }: { state: FeedState; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block size-2 shrink-0 rounded-full ${DOT[state]} ${className}`}
    />
  )
}

function FeedLine({ calendar, now }: { calendar: ExternalCalendar; now: number }) {
  const { t } = useI18n()
  const ago = useRelativeTime()
  const state = feedState(calendar)
  return (
    <li data-testid="sync-health-feed" data-state={state} className="flex min-w-0 items-start gap-2 text-xs">
      <Dot state={state} className="mt-1" />
      <span className="min-w-0">
        <span className="font-medium text-slate-800">{calendar.platformName}</span>{' '}
        <span className="text-slate-500">
          {calendar.lastSyncedAt
            ? t('syncHealth.syncedAgo', { time: ago(calendar.lastSyncedAt, now) })
            : t('calendar.neverSynced')}
        </span>
        {calendar.lastError && (
          <span data-testid="sync-health-reason" className="block text-red-700">
            {syncErrorText(t, calendar.lastError)}
          </span>
        )}
        {calendar.paused && (
          <span title={t('calendar.paused')} className="block font-medium text-amber-700">
            {t('syncHealth.pausedShort')}
          </span>
        )}
        {calendar.unstable && (
          <span data-testid="sync-health-unstable" className="block text-amber-700">
            {t('calendar.unstable')}
          </span>
        )}
      </span>
    </li>
  )
}

/**
 * Above both calendar views, each property's linked calendars (docs/product.md §2.16): when each last synced,
 * which fail and why, which are paused; and when each platform last imported the property's own
 * link, a link never imported with the steps to paste it folded under it; with Sync now. Folded, it is one line ("3 properties ·
 * 5 feeds · 1 failing"), so a phone's calendar stays near the top.
 */
export function SyncHealthStrip({ properties, now, expanded, onToggle, action, imports = {} }: Props) {
  const { t } = useI18n()
  const summary = syncHealthSummary(properties)
  const listId = useId()
  // English's " · " keeps its "·" on the line of the count before it.
  const separator = t('app.separator').replace(/^ /, '\u00a0')
  return (
    <section
      aria-label={t('syncHealth.title')}
      data-testid="sync-health"
      className="mb-4 rounded-2xl border border-slate-200 bg-white px-4 py-2.5"
    >
      <div className="flex items-center gap-3">
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={onToggle}
          className="flex min-w-0 flex-1 items-center gap-2 rounded-lg py-1 text-start text-sm"
        >
          <Dot state={summary.failing > 0 ? 'failing' : 'ok'} />
          <span className="hidden shrink-0 font-semibold text-slate-900 md:inline">
            {t('syncHealth.title')}
          </span>
          <span data-testid="sync-health-summary" className="min-w-0 leading-5 text-slate-600">
            {/* The line breaks after a separator, never inside a count or before a separator. */}
            <span className="whitespace-nowrap">
              {t('syncHealth.properties', { count: summary.properties })}
            </span>
            {separator}
            <span className="whitespace-nowrap">{t('syncHealth.feeds', { count: summary.feeds })}</span>
            {separator}
            <span className={`whitespace-nowrap ${summary.failing > 0 ? 'font-semibold text-red-700' : ''}`}>
              {summary.failing > 0
                ? t('syncHealth.failing', { count: summary.failing })
                : t('syncHealth.allSyncing')}
            </span>
          </span>
          <span className="sr-only">{expanded ? t('syncHealth.hide') : t('syncHealth.show')}</span>
          <ChevronDownIcon
            width={16}
            height={16}
            aria-hidden="true"
            className={`shrink-0 text-slate-500 transition-transform ${expanded ? 'rotate-180' : ''}`}
          />
        </button>
        {action}
      </div>
      {expanded && (
        <ul
          id={listId}
          className="mt-2 grid max-h-48 grid-cols-1 gap-x-6 gap-y-3 overflow-y-auto border-t border-slate-100 pt-3 md:grid-cols-2 xl:grid-cols-3"
        >
          {properties.map((property) => (
            <li key={property.id} data-testid="sync-health-property" className="min-w-0">
              <p className="truncate text-sm font-semibold text-slate-900">
                <bdi>{property.name}</bdi>
              </p>
              {property.externalCalendars.length === 0 ? (
                <p className="text-xs text-slate-500">{t('syncHealth.noFeeds')}</p>
              ) : (
                <ul className="mt-1 flex flex-col gap-1">
                  {property.externalCalendars.map((calendar) => (
                    <FeedLine key={calendar.id} calendar={calendar} now={now} />
                  ))}
                </ul>
              )}
              {(imports[property.id]?.length ?? 0) > 0 && (
                <ul data-testid="sync-health-imports" className="mt-1 flex flex-col gap-1">
                  {imports[property.id]!.map((feed) => (
                    <li key={feed.platformName}>
                      <ImportStatus feed={feed} now={now} />
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
