import type { ReactNode } from 'react'
import { useI18n } from '../../i18n.tsx'
import { Button } from '../form.tsx'
import { PlatformLogo, type IntegrationPlatform } from '../integration/PlatformLogo.tsx'
import { FailingFeedsNote } from '../property/SyncStatus.tsx'
import { LoadingPlaceholder } from '../LoadingPlaceholder.tsx'

export type PlatformSummary = {
  platform: IntegrationPlatform
  /** How many of the host's properties link the platform. */
  linkedProperties: number
  /** Their links to it, and how many of those fail or are paused. */
  links: { total: number; failing: number }
  /** Some property does not link the platform yet, so Connect has one to offer. */
  canConnect: boolean
}

type Props = { platforms: readonly PlatformSummary[]; onConnect: (platformName: string) => void }

const GRID = 'grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4'
const CARD = 'flex min-w-0 flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm'

/** A platform's mark and name beside what is said of it. */
function CardHeading({ platform, children }: { platform: IntegrationPlatform; children: ReactNode }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <PlatformLogo platform={platform} />
      <div className="min-w-0">
        <h3 className="font-semibold text-slate-900">{platform.name}</h3>
        {children}
      </div>
    </div>
  )
}

/**
 * The cards while the properties load (issue 17): each platform's mark and name, and room for its
 * count, its links' state and its button, so nothing below moves when they arrive.
 */
export function IntegrationCardsPlaceholder({ platforms }: { platforms: readonly IntegrationPlatform[] }) {
  return (
    <LoadingPlaceholder>
      <ul className={GRID}>
        {platforms.map((platform) => (
          <li key={platform.name} className={CARD}>
            <CardHeading platform={platform}>
              <span className="my-0.5 block h-4 w-32 animate-pulse rounded bg-slate-100" />
            </CardHeading>
            <span className="h-4 w-28 animate-pulse rounded bg-slate-100" />
            <span className="mt-auto h-11 animate-pulse rounded-xl bg-slate-100" />
          </li>
        ))}
      </ul>
    </LoadingPlaceholder>
  )
}

/**
 * Issue 18: the dashboard's integration cards, one per platform: how many properties link it, how
 * many of their links fail or are paused, and Connect, which opens the integration page's dialog.
 */
export function IntegrationCards({ platforms, onConnect }: Props) {
  const { t } = useI18n()
  return (
    <ul className={GRID}>
      {platforms.map(({ platform, linkedProperties, links, canConnect }) => (
        <li key={platform.name} data-testid="integration-card" data-platform={platform.name} className={CARD}>
          <CardHeading platform={platform}>
            <p data-testid="integration-linked" className="text-sm text-slate-600">
              {t('integration.propertiesLinked', { count: linkedProperties })}
            </p>
          </CardHeading>
          {links.failing > 0 ? (
            <FailingFeedsNote
              testId="integration-failing"
              text={t('integration.linksFailing', { count: links.failing })}
            />
          ) : (
            links.total > 0 && (
              <p data-testid="integration-syncing" className="text-xs font-medium text-emerald-700">
                {t('integration.allSyncing')}
              </p>
            )
          )}
          {canConnect || linkedProperties === 0 ? (
            <Button
              disabled={!canConnect}
              onClick={() => onConnect(platform.name)}
              aria-label={t('integration.connectTo', { platform: platform.name })}
              className="mt-auto w-full"
            >
              {t('integration.connect')}
            </Button>
          ) : (
            // Every property links it already: nothing is left to connect.
            <Button variant="secondary" disabled className="mt-auto w-full">
              {t('integration.connectedLabel')}
            </Button>
          )}
        </li>
      ))}
    </ul>
  )
}
