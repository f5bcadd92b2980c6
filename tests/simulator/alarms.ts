import type { DateOnly } from '../../src/domain/dates.ts'
import type { PlatformName } from './platforms.ts'

/**
 * The import alarms as the simulation expects them (docs/product.md §12.5), kept apart from how
 * the server keys them: an at-risk condition is one night of a sale a platform has not imported,
 * a silent or never-imported one a platform. Each condition lasts from its start (the night's
 * taking, the platform's last import, the link's showing) until it ends; while it lasts it must be
 * told by exactly one notice, not before its threshold, and that notice is cleared once none of
 * the conditions it told lasts.
 */

const HOUR_MS = 3600_000
const MINUTE_MS = 60_000
const WEEK_MS = 7 * 24 * HOUR_MS

/** A condition the world is in now: since when, and whether it has lasted long enough to alarm. */
export type Condition = { since: number; due: boolean }

/** An import alarm as the host's notices hold it. */
export type AlarmNotice = {
  id: string
  kind: string
  readAt: string | null
  data: { platformName?: string; atRisk?: { platformName: string; start: DateOnly; end: DateOnly }[] }
}

/** What the platform's imports say of its habit: the median interval, as the host is shown it. */
export function medianMinutes(importTimes: readonly number[], now: number): number | null {
  const times = importTimes.slice(-100).filter((time) => time >= now - WEEK_MS)
  const intervals = times
    .slice(1)
    .map((time, i) => Math.round((time - times[i]!) / MINUTE_MS))
    .sort((a, b) => a - b)
  return intervals.length < 2 ? null : intervals[Math.ceil(intervals.length / 2) - 1]!
}

/** When a sale's nights a platform has not imported alarm: twice its median, or 6 hours. */
export const atRiskAfterMs = (median: number | null) =>
  median === null ? 6 * HOUR_MS : 2 * median * MINUTE_MS

/** When a platform that imported the link is silent: max(24 h, 4 × its median). */
export const silentAfterMs = (median: number | null) => Math.max(24 * HOUR_MS, 4 * (median ?? 0) * MINUTE_MS)

export const NEVER_IMPORTED_AFTER_MS = 24 * HOUR_MS

export const atRiskKey = (platform: PlatformName | string, night: DateOnly) => `at-risk ${platform} ${night}`

/** The conditions a notice tells, by key. */
function keysOf(notice: AlarmNotice): string[] {
  if (notice.kind !== 'at-risk') return [`${notice.kind} ${notice.data.platformName}`]
  const keys: string[] = []
  for (const run of notice.data.atRisk ?? [])
    for (let night = run.start; night < run.end; night = nextDay(night))
      keys.push(atRiskKey(run.platformName, night))
  return keys
}

const nextDay = (night: DateOnly) =>
  new Date(Date.parse(`${night}T00:00:00Z`) + 24 * HOUR_MS).toISOString().slice(0, 10)

/**
 * Follows the conditions and the notices step by step: each step, the conditions the world is in
 * and every import alarm the host holds; what breaks a rule of §12.5 is a discrepancy.
 */
export class AlarmModel {
  /** Each lasting condition: when it began, and the notices that told it since. */
  private readonly lasting = new Map<string, { since: number; notices: Set<string> }>()
  /** Each notice seen: the conditions it told, as they began then. */
  private readonly told = new Map<string, { key: string; since: number }[]>()

  step(conditions: ReadonlyMap<string, Condition>, notices: readonly AlarmNotice[]): string[] {
    const found: string[] = []
    for (const [key, condition] of conditions)
      if (this.lasting.get(key)?.since !== condition.since)
        this.lasting.set(key, { since: condition.since, notices: new Set() })
    for (const key of this.lasting.keys()) if (!conditions.has(key)) this.lasting.delete(key)

    for (const notice of notices) {
      if (this.told.has(notice.id)) continue
      const keys = [...new Set(keysOf(notice))]
      // (a) A new notice tells conditions that last now, one of them at least past its threshold.
      const unknown = keys.filter((key) => !conditions.has(key))
      if (unknown.length > 0) found.push(`a notice tells ${unknown.join(', ')}, which is no condition`)
      if (!keys.some((key) => conditions.get(key)?.due))
        found.push(`a notice tells ${keys.join(', ')} before any is due`)
      this.told.set(
        notice.id,
        keys.flatMap((key) => {
          const episode = this.lasting.get(key)
          if (!episode) return []
          episode.notices.add(notice.id)
          return [{ key, since: episode.since }]
        }),
      )
    }

    // (b) Every condition past its threshold was told, by one notice while it lasts.
    for (const [key, condition] of conditions) {
      if (!condition.due) continue
      const { notices: by } = this.lasting.get(key)!
      if (by.size === 0) found.push(`${key} is due and was not told`)
      if (by.size > 1) found.push(`${key} was told ${by.size} times while it lasted`)
    }

    // (c) A notice is read once none of what it told lasts, and not before.
    for (const notice of notices) {
      const lasts = this.told.get(notice.id)!.some(({ key, since }) => this.lasting.get(key)?.since === since)
      if (lasts && notice.readAt !== null) found.push(`${keysOf(notice).join(', ')}: cleared while it lasts`)
      if (!lasts && notice.readAt === null) found.push(`${keysOf(notice).join(', ')}: not cleared, over`)
    }
    return found
  }
}
