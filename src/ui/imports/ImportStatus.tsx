import type { PlatformFeed } from '../../../contract/property.ts'
import { importHowToKey } from '../../domain/importCadence.ts'
import { useI18n } from '../../i18n.tsx'
import { formatDuration, formatInterval } from '../common/duration.ts'
import { platformLabel } from '../property/PlatformLinks.tsx'

export type ImportFacts = Pick<PlatformFeed, 'platformName' | 'lastFetchedAt'> &
  Partial<Pick<PlatformFeed, 'medianIntervalMinutes'>>

const HOW_TO_STEPS = ['1', '2', '3'] as const

/** The steps to paste the link into one platform, folded so they do not crowd the links. */
function ImportHowTo({ platformName }: { platformName: string }) {
  const { t } = useI18n()
  const key = importHowToKey(platformName)
  return (
    <details data-testid="import-how-to" className="text-xs text-slate-600">
      <summary className="cursor-pointer py-1 font-medium text-brand-700">
        {t('imports.howToSummary', { platform: platformLabel(t, platformName) })}
      </summary>
      <ol className="mt-1 list-decimal ps-5 rtl:[list-style-type:arabic-indic]">
        {HOW_TO_STEPS.map((step) => (
          <li key={step}>
            {t(`imports.howTo.${key}.${step}`, { platform: platformLabel(t, platformName) })}
          </li>
        ))}
      </ol>
    </details>
  )
}

/**
 * When a platform last imported its link and how often it usually does; a link never imported
 * says so, with how to paste it into that platform unless `howTo` is off (docs/product.md).
 */
export function ImportStatus({
  feed,
  now,
  howTo = true,
}: {
  feed: ImportFacts
  /** The moment "1 h 52 min ago" is measured from. */
  now: number
  howTo?: boolean
}) {
  const { t } = useI18n()
  const platform = platformLabel(t, feed.platformName)
  if (feed.lastFetchedAt === null) {
    return (
      <div className="flex flex-col gap-0.5">
        <p data-testid="import-status" data-state="never" className="text-xs font-medium text-amber-800">
          {t('imports.never', { platform })}
        </p>
        {howTo && <ImportHowTo platformName={feed.platformName} />}
      </div>
    )
  }
  const median = feed.medianIntervalMinutes ?? null
  // Whole minutes gone, never rounded up: "1 h 59 min ago" is not yet "every 2 h" overdue.
  const ago = formatDuration(t, (now - Date.parse(feed.lastFetchedAt)) / 60_000)
  return (
    <p data-testid="import-status" data-state="imported" className="text-xs text-slate-600">
      {t('imports.importedAgo', {
        platform,
        time: ago ? t('imports.ago', { duration: ago }) : t('imports.justNow'),
      })}
      {median !== null && (
        <>
          {t('app.separator')}
          {t('imports.usually', { duration: formatInterval(t, median) })}
        </>
      )}
    </p>
  )
}
