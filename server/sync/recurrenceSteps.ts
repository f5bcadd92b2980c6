import ICAL from 'ical.js'
import { MAX_RECURRENCE_STEPS } from './budgets.ts'
import { FeedError } from './feedError.ts'

/**
 * ical.js's RecurIterator.next() loops until a candidate passes the rule's BY* parts, and a rule
 * that can never match (FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30) loops forever inside one call, so
 * counting the occurrences that come out cannot stop it. Every turn of that loop asks
 * check_contracting_rules() once; counting those calls counts the work itself.
 */
let stepsLeft: number | null = null

const checkContractingRules = ICAL.RecurIterator.prototype.check_contracting_rules
ICAL.RecurIterator.prototype.check_contracting_rules = function (this: ICAL.RecurIterator) {
  if (stepsLeft !== null && --stepsLeft < 0)
    throw new FeedError(
      'recurrenceTooComplex',
      `a repeating event needs more than ${MAX_RECURRENCE_STEPS} steps to expand`,
    )
  return checkContractingRules.call(this)
}

/** Runs `expand` with at most MAX_RECURRENCE_STEPS iterator steps; past them it throws FeedError. */
export function withRecurrenceSteps<T>(expand: () => T): T {
  stepsLeft = MAX_RECURRENCE_STEPS
  try {
    return expand()
  } finally {
    stepsLeft = null
  }
}
