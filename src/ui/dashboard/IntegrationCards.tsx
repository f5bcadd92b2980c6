import { useI18n } from '../../i18n.tsx'
import { Button } from '../common/form.tsx'
import type { IntegrationPlatform } from '../../domain/platforms.ts'
import { FailingFeedsNote } from '../property/SyncStatus.tsx'
import { CARD, CardHeading, GRID } from './IntegrationCardsPlaceholder.tsx'

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

/**
 * The dashboard's integration cards, one per platform: how many properties link it, how
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
