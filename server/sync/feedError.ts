/** Why a feed could not be synced; each reason is a locale key `sync.errors.<reason>`. */
export type FeedFailure =
  | 'invalidUrl'
  | 'blockedAddress'
  | 'unresolvable'
  | 'timeout'
  | 'tooLarge'
  | 'tooManyRedirects'
  | 'httpStatus'
  | 'network'
  | 'notCalendar'
  | 'unreadableEvents'
  | BudgetFailure

/** The feed is readable in principle but asks more work than a feed may (budgets.ts). */
export type BudgetFailure =
  | 'lineTooLong'
  | 'tooManyParameters'
  | 'tooManyStays'
  | 'recurrenceTooComplex'
  | 'parseTimeout'
  | 'parseMemory'

const BUDGET_FAILURES: ReadonlySet<FeedFailure> = new Set<BudgetFailure>([
  'lineTooLong',
  'tooManyParameters',
  'tooManyStays',
  'recurrenceTooComplex',
  'parseTimeout',
  'parseMemory',
])

/**
 * A feed's own failure (bad link, refused address, broken text): recorded on its calendar, never
 * thrown past the sync of that calendar. `detail` is technical English for the log and the audit.
 */
export class FeedError extends Error {
  constructor(
    readonly reason: FeedFailure,
    readonly detail: string,
  ) {
    super(`${reason}: ${detail}`)
  }

  /** What `external_calendars.last_error` keeps: a locale key the interface translates. */
  get messageKey(): string {
    return `sync.errors.${this.reason}`
  }

  /** A budget failure counts towards pausing the feed; a network one does not. */
  get isBudgetFailure(): boolean {
    return BUDGET_FAILURES.has(this.reason)
  }
}
