import type { DayEvidence, JudgedPart, RuleEvent } from '../airbnbRules.ts'
import type { Classified } from '../bookings.ts'
import type { DateOnly } from '../dates.ts'

/**
 * How a platform that writes its own booking rules into its export as closed nights has them
 * found (docs/decisions.md, "Airbnb's rules, night by night"): `judge` cuts a day's feed into its
 * rules' parts and the rest with what the days before showed, and `keep` is the evidence a
 * calendar keeps after a feed of that day.
 */
export type RulesJudge = {
  judge: <E extends RuleEvent>(
    events: readonly E[],
    today: DateOnly,
    before: readonly DayEvidence[],
  ) => { parts: JudgedPart<E>[]; seen: DayEvidence }
  keep: (evidence: readonly DayEvidence[], seen: DayEvidence) => DayEvidence[]
}

/**
 * What one platform's export means (docs/decisions.md, "Platforms and booking patterns"): the
 * behaviour beside its facts in `PLATFORM_FACTS`. The sync reads every feed through its
 * platform's adapter, so a platform's quirk applies to its feeds only.
 */
export type PlatformAdapter = {
  /**
   * A stay's SUMMARY as this platform writes it. `echo`: every night of the event is our own
   * export coming back, which no platform's quirk turns into a sale.
   */
  readSummary: (summary: string, source: { echo: boolean }) => Classified
  /** Present when the platform's export writes its own booking rules as closed nights. */
  rules?: RulesJudge
  /**
   * The platform's own calendar page of the listing whose export is `feedUrl`, where the host
   * closes nights by hand; present only for a platform whose export address names its listing,
   * and null for an address it does not recognise.
   */
  calendarPage?: (feedUrl: string) => string | null
}
