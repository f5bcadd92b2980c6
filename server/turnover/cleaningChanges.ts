import type { CleanerCleaning } from '../../contract/turnover.ts'

/**
 * What a cleaner's address was last told, and what changed since (docs/product.md §7.11): only
 * where and when a cleaning is, never who stays, so that neither the stored list nor the mail
 * made from it holds a guest's name.
 */
export type ToldCleaning = Pick<
  CleanerCleaning,
  'stayId' | 'propertyId' | 'propertyName' | 'date' | 'checkOutTime'
>

/** The cleanings told at `at`, which covered check-outs up to `until`. */
export type ToldCleanings = { at: string; until: string; cleanings: ToldCleaning[] }

export type CleaningChange =
  | { kind: 'added'; after: ToldCleaning }
  | { kind: 'moved'; before: ToldCleaning; after: ToldCleaning }
  | { kind: 'cancelled'; before: ToldCleaning }

/** What the comparison knows beside the two lists. */
export type ChangeFacts = {
  /** Each property's today: a told cleaning before it is past, not cancelled. */
  todays: ReadonlyMap<string, string>
  /** Stays changed since the cleanings were told: a cleaning of theirs past `until` is new. */
  changedSince: ReadonlySet<string>
  /** Told stays whose cleaning is now after the window: moved, not cancelled. */
  later: ReadonlyMap<string, ToldCleaning>
}

const sameTime = (a: ToldCleaning, b: ToldCleaning) =>
  a.propertyId === b.propertyId && a.date === b.date && a.checkOutTime === b.checkOutTime

const whenOf = (change: CleaningChange) => (change.kind === 'cancelled' ? change.before : change.after)

/**
 * The changes from `told` to `now` (the cleanings of the window as they are). A cleaning that
 * only came into the window as the days passed is not new; one that went out of it into the past
 * is not cancelled. A stay stored anew under another id at the same time (a platform's merge)
 * changes nothing for the cleaner.
 */
export function cleaningChanges(told: ToldCleanings, now: readonly ToldCleaning[], facts: ChangeFacts) {
  const toldById = new Map(told.cleanings.map((cleaning) => [cleaning.stayId, cleaning]))
  const nowIds = new Set(now.map((cleaning) => cleaning.stayId))
  const changes: CleaningChange[] = []
  for (const after of now) {
    const before = toldById.get(after.stayId)
    if (before === undefined) {
      if (after.date <= told.until || facts.changedSince.has(after.stayId))
        changes.push({ kind: 'added', after })
    } else if (!sameTime(before, after)) changes.push({ kind: 'moved', before, after })
  }
  for (const before of told.cleanings) {
    if (nowIds.has(before.stayId)) continue
    const today = facts.todays.get(before.propertyId)
    if (today !== undefined && before.date < today) continue
    const after = facts.later.get(before.stayId)
    changes.push(after ? { kind: 'moved', before, after } : { kind: 'cancelled', before })
  }
  const replaced = (change: CleaningChange, kind: 'added' | 'cancelled') =>
    changes.some((other) => other.kind === kind && sameTime(whenOf(other), whenOf(change)))
  return changes
    .filter(
      (change) =>
        !(change.kind === 'added' && replaced(change, 'cancelled')) &&
        !(change.kind === 'cancelled' && replaced(change, 'added')),
    )
    .sort(
      (a, b) =>
        whenOf(a).date.localeCompare(whenOf(b).date) ||
        whenOf(a).propertyName.localeCompare(whenOf(b).propertyName),
    )
}
