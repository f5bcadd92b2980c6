import type { Exposure } from '../../../contract/imports.ts'
import { useI18n } from '../../i18n.tsx'
import { useRelativeTime } from '../calendar/month/relativeTime.ts'
import { SteppedList } from '../common/SteppedList.tsx'
import { platformLabel } from '../property/PlatformLinks.tsx'

/** The earliest moment of `moments`, ISO strings sorting as times. */
const earliest = (moments: readonly string[]) => [...moments].sort()[0]

/** Lines each list shows at first, and adds at each press of "+ N more". */
export const EXPOSURE_LINES_PER_STEP = 5

/**
 * The nights the platforms may still sell (docs/product.md): how many, since how long the oldest,
 * on which property and platform, and the links a platform stopped importing. The count and the
 * warnings are words, not only the card's colour. A portfolio's lists, a line for each of
 * hundreds of links, come a few lines at a time.
 */
export function ExposureCard({ exposure, now }: { exposure: Exposure; now: number }) {
  const { t } = useI18n()
  const ago = useRelativeTime()
  const atRisk = exposure.properties.flatMap((property) =>
    property.platforms
      .filter((platform) => platform.nightsAtRisk > 0)
      .map((platform) => ({ propertyId: property.propertyId, property: property.propertyName, ...platform })),
  )
  const oldest = earliest(atRisk.flatMap((platform) => (platform.oldestSince ? [platform.oldestSince] : [])))
  const names = new Map(exposure.properties.map((property) => [property.propertyId, property.propertyName]))
  const calm = exposure.nightsAtRisk === 0 && exposure.silent.length === 0
  return (
    <div
      data-testid="exposure-card"
      className={`flex flex-col gap-3 rounded-2xl border bg-white p-4 shadow-sm ${
        calm ? 'border-slate-200' : 'border-amber-300'
      }`}
    >
      <p data-testid="exposure-nights" className="text-2xl font-semibold text-slate-900">
        {exposure.nightsAtRisk > 0
          ? t('exposure.nights', { count: exposure.nightsAtRisk })
          : t('exposure.noNights')}
      </p>
      {oldest && (
        <p data-testid="exposure-oldest" className="text-sm text-slate-600">
          {t('exposure.oldest', { time: ago(oldest, now) })}
        </p>
      )}
      {atRisk.length > 0 && (
        <SteppedList
          items={atRisk}
          step={EXPOSURE_LINES_PER_STEP}
          listClassName="flex flex-col gap-1 text-sm text-slate-700"
          moreTestId="more-exposure-platforms"
          render={(platform) => (
            <li key={`${platform.propertyId}-${platform.platformName}`} data-testid="exposure-platform">
              {t('exposure.notYetOn', {
                count: platform.nightsAtRisk,
                property: platform.property,
                platform: platformLabel(t, platform.platformName),
              })}
            </li>
          )}
        />
      )}
      {exposure.silent.length > 0 && (
        <SteppedList
          items={exposure.silent}
          step={EXPOSURE_LINES_PER_STEP}
          className="border-t border-slate-100 pt-3"
          listClassName="flex flex-col gap-1 text-sm text-amber-800"
          moreTestId="more-exposure-silent"
          render={(link) => (
            <li key={`${link.propertyId}-${link.platformName}`} data-testid="exposure-silent">
              {t('exposure.silent', {
                platform: platformLabel(t, link.platformName),
                property: names.get(link.propertyId) ?? '',
                time: ago(link.lastFetchedAt, now),
              })}
            </li>
          )}
        />
      )}
    </div>
  )
}
