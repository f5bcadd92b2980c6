import { sql, type SqlBool } from 'kysely'
import { PAUSE_AFTER_BUDGET_FAILURES } from './budgets.ts'

/**
 * A feed that failed its budgets PAUSE_AFTER_BUDGET_FAILURES times in a row is paused: the rounds
 * no longer fetch it until the host's Sync now gives it a new start. Its card says so.
 */
export const isPaused = (calendar: { budget_failures: number }) =>
  calendar.budget_failures >= PAUSE_AFTER_BUDGET_FAILURES

/** The same rule in SQL, on the external calendars of `table` (named as the query names it). */
export const pausedSql = (table = 'external_calendars') =>
  sql<SqlBool>`${sql.ref(`${table}.budget_failures`)} >= ${PAUSE_AFTER_BUDGET_FAILURES}`
