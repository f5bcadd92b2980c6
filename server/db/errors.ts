/** True when a write failed on a unique constraint, in either engine's words. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  // PostgreSQL's SQLSTATE, and better-sqlite3's extended result code.
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE'
}
