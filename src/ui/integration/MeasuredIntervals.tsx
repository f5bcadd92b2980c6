import type { PlatformCadence } from '../../../contract/imports.ts'
import { useI18n } from '../../i18n.tsx'
import { formatInterval } from '../common/duration.ts'
import { Heading } from '../common/Heading.tsx'
import { platformLabel } from '../property/PlatformLinks.tsx'

/** One figure of a platform's card: its name above, its value below. */
function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd data-testid={testId} className="text-sm font-medium text-slate-900">
        {value}
      </dd>
    </div>
  )
}

/** How one platform imports across accounts: median, p95, what was counted, and who fetched. */
function PlatformIntervals({ platform }: { platform: PlatformCadence }) {
  const { t } = useI18n()
  const span = (minutes: number | null) => (minutes === null ? null : formatInterval(t, minutes))
  const median = span(platform.medianIntervalMinutes)
  const p95 = span(platform.p95IntervalMinutes)
  return (
    <li
      data-testid="measured-platform"
      data-platform={platform.platformName}
      className="flex min-w-0 flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <Heading className="font-semibold text-slate-900">{platformLabel(t, platform.platformName)}</Heading>
        <p data-testid="measured-counted" className="text-xs text-slate-500">
          {t('imports.measured.feeds', { count: platform.feedsCounted })}
          {t('app.separator')}
          {t('imports.measured.accounts', { count: platform.accountsCounted })}
        </p>
      </div>
      {median && p95 ? (
        <dl className="grid grid-cols-2 gap-3">
          <Figure
            label={t('imports.measured.median')}
            value={t('imports.usually', { duration: median })}
            testId="measured-median"
          />
          <Figure
            label={t('imports.measured.p95')}
            value={t('imports.measured.within', { duration: p95 })}
            testId="measured-p95"
          />
        </dl>
      ) : (
        <p data-testid="measured-too-few" className="text-sm text-slate-600">
          {t('imports.measured.tooFew')}
        </p>
      )}
      <div className="flex flex-col gap-1">
        <p className="text-xs text-slate-500">{t('imports.measured.userAgents')}</p>
        <ul className="flex flex-col gap-1">
          {platform.userAgentFamilies.map(({ family, fetches }) => (
            <li
              key={family}
              data-testid="measured-user-agent"
              className="flex min-w-0 items-baseline justify-between gap-3 text-sm"
            >
              {family ? (
                <span dir="ltr" className="min-w-0 font-mono text-xs break-all text-slate-800">
                  {family}
                </span>
              ) : (
                <span className="text-xs text-slate-500 italic">{t('imports.measured.noUserAgent')}</span>
              )}
              <span className="shrink-0 text-xs text-slate-500">
                {t('imports.measured.fetches', { count: fetches })}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </li>
  )
}

/**
 * For admins: how often each platform imports Manzil's availability links, measured across every
 * account over the last week, with "No platform has imported yet" until one has (docs/product.md).
 */
export function MeasuredIntervals({ platforms }: { platforms: readonly PlatformCadence[] }) {
  const { t } = useI18n()
  if (platforms.length === 0) {
    return (
      <p
        data-testid="measured-empty"
        className="rounded-2xl border border-dashed border-slate-300 bg-white p-5 text-sm text-slate-500"
      >
        {t('imports.measured.empty')}
      </p>
    )
  }
  return (
    <ul data-testid="measured-platforms" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {platforms.map((platform) => (
        <PlatformIntervals key={platform.platformName} platform={platform} />
      ))}
    </ul>
  )
}
