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
}
