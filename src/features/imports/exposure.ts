import { useQuery } from '@tanstack/react-query'
import { api } from '../../actors/api.ts'
import type { Exposure } from '../../../contract/imports.ts'
import type { AtRiskMark, MarkTarget } from '../../ui/calendar/atRiskMarks.tsx'

export const EXPOSURE_KEY = ['imports', 'exposure'] as const

/** The nights at risk and silent links across the host's properties, read again each minute. */
export const useExposure = () =>
  useQuery({ queryKey: EXPOSURE_KEY, queryFn: api.exposure, refetchInterval: 60_000 })

/** Each property's platforms with when they last imported, by property id. */
export const importsByProperty = (exposure: Exposure | undefined) =>
  Object.fromEntries(
    (exposure?.properties ?? []).map((property) => [property.propertyId, property.platforms]),
  )

type ExposurePlatform = Exposure['properties'][number]['platforms'][number]

/** Every run of nights at risk as the calendar marks it: by property, then platform, then date. */
export const atRiskMarks = (exposure: Exposure | undefined): AtRiskMark[] =>
  (exposure?.properties ?? []).flatMap((property) =>
    property.platforms.flatMap((platform) =>
      platform.atRisk.map((run) => ({
        propertyId: property.propertyId,
        propertyName: property.propertyName,
        platformName: platform.platformName,
        start: run.start,
        end: run.end,
        acknowledged: run.acknowledged,
        uid: `${property.propertyId}|${platform.platformName}|${run.start}`,
      })),
    ),
  )

/** The property and platform a mark opens, while that platform still misses any of its nights. */
export function markedPlatform(
  exposure: Exposure | undefined,
  target: MarkTarget,
): { propertyName: string; feed: ExposurePlatform } | null {
  const property = exposure?.properties.find((candidate) => candidate.propertyId === target.propertyId)
  const feed = property?.platforms.find((candidate) => candidate.platformName === target.platformName)
  return property && feed && feed.atRisk.length > 0 ? { propertyName: property.propertyName, feed } : null
}
