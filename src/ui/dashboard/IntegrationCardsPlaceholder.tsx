import type { ReactNode } from 'react'
import type { IntegrationPlatform } from '../../domain/platforms.ts'
import { PlatformLogo } from '../integration/PlatformLogo.tsx'
import { LoadingPlaceholder } from '../common/LoadingPlaceholder.tsx'

// The cards' frame, apart from the cards (IntegrationCards.tsx), which a phone loads after the
// dashboard's first paint with the connect flow.

export const GRID = 'grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4'
export const CARD = 'flex min-w-0 flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm'

/** A platform's mark and name beside what is said of it. */
export function CardHeading({ platform, children }: { platform: IntegrationPlatform; children: ReactNode }) {
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
 * The cards while the properties load: each platform's mark and name, and room for its
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
