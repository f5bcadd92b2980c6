import { ownParts, parseRuns, type EchoJudgement } from '../../src/domain/echoNights.ts'
import type { Flag } from '../db/schema.ts'

/** A stored stay as the echo rule judged it (its `echo` flag and `echo_runs`). */
export type JudgedRow = { start_date: string; end_date: string; echo: Flag; echo_runs: string | null }

export const judgementOf = (row: Pick<JudgedRow, 'echo' | 'echo_runs'>): EchoJudgement => ({
  echo: row.echo === 1,
  echoRuns: parseRuns(row.echo_runs),
})

/**
 * The stored stay once per run of its platform's own nights (none for an echo): what occupancy,
 * revenue, conflicts and the other platforms' availability feeds count.
 */
export const ownRowParts = <T extends JudgedRow>(row: T): T[] =>
  ownParts(row, { start: 'start_date', end: 'end_date' }, judgementOf(row))
