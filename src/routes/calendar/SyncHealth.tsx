import { useState } from 'react'
import { SyncHealthStrip } from '../../ui/calendar/SyncHealthStrip.tsx'
import { PHONE_QUERY, useMediaQuery } from '../../ui/common/useMediaQuery.ts'
import { useProperties } from '../../features/properties/propertyList.ts'
import { SyncNowButton } from '../../features/sync/SyncNowButton.tsx'
import { useMinuteClock } from '../../common/useMinuteClock.ts'
import { importsByProperty, useExposure } from '../../features/imports/exposure.ts'

/**
 * The strip's data: every property's links from the property list (which Sync now reloads), a
 * clock that moves each minute so "synced 5 minutes ago" ages, and whether the list is unfolded:
 * at first on wide screens, folded to its one-line summary on phones.
 */
export function useSyncHealth() {
  const { data: properties = [] } = useProperties()
  const phone = useMediaQuery(PHONE_QUERY)
  const [expanded, setExpanded] = useState(!phone)
  const now = useMinuteClock()
  return { properties, now, expanded, toggle: () => setExpanded((current) => !current) }
}

/** The sync-health strip above the calendar's views, with Sync now (docs/product.md §2.16). */
export function SyncHealth() {
  const health = useSyncHealth()
  const exposure = useExposure()
  return (
    <SyncHealthStrip
      properties={health.properties}
      now={health.now}
      expanded={health.expanded}
      onToggle={health.toggle}
      imports={importsByProperty(exposure.data)}
      action={<SyncNowButton className="h-9 shrink-0 px-3" />}
    />
  )
}
