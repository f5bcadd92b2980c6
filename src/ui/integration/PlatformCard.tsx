import { useId } from 'react'
import { useI18n } from '../../i18n.tsx'
import { Button } from '../common/form.tsx'
import { useFormat } from '../common/format.ts'
import { Heading } from '../common/Heading.tsx'
import { FailingFeedsNote } from '../property/SyncStatus.tsx'
import { isolateMarked, nameMarks } from '../common/UserText.tsx'
import type { IntegrationPlatform } from '../../domain/platforms.ts'
import { PlatformLogo } from './PlatformLogo.tsx'

type Props = {
  platform: IntegrationPlatform
  /** Names of the host's properties that link this platform. */
  connectedProperties: readonly string[]
  /**
   * The platform's links across the properties, how many of them fail or are paused, and how
   * many keep changing.
   */
  links?: { total: number; failing: number; unstable: number }
  /** Some property does not link the platform yet. */
  canConnect: boolean
  onConnect: () => void
}

/**
 * Integration page (docs/product.md §2.11): logo, the properties it links, how many of its links fail, and
 * Connect while a property is left to link; a disabled "Connected" once every property links it.
 */
export function PlatformCard({
  platform,
  connectedProperties,
  links = { total: 0, failing: 0, unstable: 0 },
  canConnect,
  onConnect,
}: Props) {
  const { t } = useI18n()
  const format = useFormat()
  const connected = connectedProperties.length > 0
  const allLinked = connected && !canConnect
  const reasonId = useId()
  return (
    <li
      data-testid="platform-card"
      data-platform={platform.name}
      data-connected={connected || undefined}
      className="flex min-w-0 flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex items-center gap-3">
        <PlatformLogo platform={platform} />
        <div className="min-w-0">
          <Heading className="font-semibold text-slate-900">{platform.name}</Heading>
          <p
            data-testid="platform-linked"
            className={`text-xs font-medium break-words ${connected ? 'text-emerald-700' : 'text-slate-500'}`}
          >
            {connected
              ? isolateMarked(
                  t('integration.linkedTo', { properties: format.list(nameMarks(connectedProperties)) }),
                  connectedProperties,
                )
              : t('integration.notLinked')}
          </p>
        </div>
      </div>
      {links.failing > 0 && (
        <FailingFeedsNote
          testId="platform-failing"
          text={t('integration.failingOf', { failing: format.number(links.failing), count: links.total })}
        />
      )}
      {links.unstable > 0 && (
        <p data-testid="platform-unstable" className="text-xs font-medium text-amber-700">
          {t('calendar.unstable')}
        </p>
      )}
      <p className="flex-1 text-sm leading-relaxed text-slate-600">
        {t('integration.syncText', { platform: platform.name })}
      </p>
      {allLinked ? (
        <div className="flex flex-col gap-1.5">
          <Button variant="secondary" disabled className="w-full">
            <svg viewBox="0 0 16 16" width={16} height={16} aria-hidden="true" className="text-emerald-600">
              <path
                d="m3.5 8.5 3 3 6-7"
                fill="none"
                stroke="currentColor"
                strokeWidth={2}
                strokeLinecap="round"
              />
            </svg>
            {t('integration.connectedLabel')}
          </Button>
          <p className="text-center text-xs text-slate-500">{t('integration.allLinked')}</p>
        </div>
      ) : (
        <div className="flex flex-col gap-1.5">
          <Button
            onClick={onConnect}
            disabled={!canConnect}
            className="w-full"
            aria-label={t('integration.connectTo', { platform: platform.name })}
            aria-describedby={canConnect ? undefined : reasonId}
          >
            {t('integration.connect')}
          </Button>
          {/* Neither linked nor linkable: there is no property to link it to. */}
          {!canConnect && (
            <p id={reasonId} data-testid="connect-reason" className="text-center text-xs text-slate-500">
              {t('integration.addPropertyFirst')}
            </p>
          )}
        </div>
      )}
    </li>
  )
}
