import { adminApi } from '../../actors/adminApi.ts'
import { useQuery } from '@tanstack/react-query'

/** The server measures at most every 5 minutes; asking more often would only repeat its answer. */
const MEASURE_MS = 5 * 60_000

/** Each platform's measured import interval: asked only for an admin, never for anyone else. */
export const usePlatformCadence = (isAdmin: boolean) =>
  useQuery({
    queryKey: ['admin', 'imports'],
    queryFn: adminApi.platformCadence,
    enabled: isAdmin,
    staleTime: MEASURE_MS,
  })
