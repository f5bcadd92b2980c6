import { ownParts, parseRuns, type EchoJudgement } from '../../src/domain/echoNights.ts'
import type { Flag } from '../db/schema.ts'

/**
 * A stored stay as the echo rule judged it (its `echo` flag and `echo_runs`), and whether it is
 * its platform's own rule (`platform_rule`).
 */
export type JudgedRow = {
  start_date: string
  end_date: string
  echo: Flag
  echo_runs: string | null
  platform_rule: string | null
}

/** Neither an echo nor a platform's rule holds a night of its own. */
export const judgementOf = (row: Pick<JudgedRow, 'echo' | 'echo_runs' | 'platform_rule'>): EchoJudgement => ({
  echo: row.echo === 1 || row.platform_rule !== null,
  echoRuns: parseRuns(row.echo_runs),
})

/**
 * The stored stay once per run of its platform's own nights (none for an echo or a rule): what occupancy,
 * revenue, conflicts and the other platforms' availability feeds count.
 */
export const ownRowParts = <T extends JudgedRow>(row: T): T[] =>
  ownParts(row, { start: 'start_date', end: 'end_date' }, judgementOf(row))
