import { judgeAirbnbFeed, withEvidence } from '../airbnbRules.ts'
import type { PlatformAdapter } from './adapter.ts'
import { plainAdapter } from './plain.ts'

/**
 * Airbnb writes its notice, booking window and preparation time as "Airbnb (Not available)"
 * nights; `src/domain/airbnbRules.ts` tells them from the host's closures. Its summaries read
 * as the shared rule says.
 */
export const airbnbAdapter: PlatformAdapter = {
  readSummary: plainAdapter.readSummary,
  rules: { judge: judgeAirbnbFeed, keep: withEvidence },
}
