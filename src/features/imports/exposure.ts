import { useQuery } from '@tanstack/react-query'
import { api } from '../../actors/api.ts'
import type { Exposure } from '../../../contract/imports.ts'

export const EXPOSURE_KEY = ['imports', 'exposure'] as const

/** The nights at risk and silent links across the host's properties, read again each minute. */
export const useExposure = () =>
  useQuery({ queryKey: EXPOSURE_KEY, queryFn: api.exposure, refetchInterval: 60_000 })

/** Each property's platforms with when they last imported, by property id. */
export const importsByProperty = (exposure: Exposure | undefined) =>
  Object.fromEntries(
    (exposure?.properties ?? []).map((property) => [property.propertyId, property.platforms]),
  )
