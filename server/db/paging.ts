import { sql, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely'

/** COUNT(*) as each engine's driver gives it: a number, or PostgreSQL's bigint as text. */
type Counted = { count: number | string | bigint }

/**
 * One page of a filtered, ordered query and how many rows the whole query holds: LIMIT and
 * OFFSET, and a count of the same query without its order, the same on SQLite and PostgreSQL.
 */
export async function readPage<DB, TB extends keyof DB, Row>(
  query: SelectQueryBuilder<DB, TB, Row>,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<{ rows: Row[]; total: number }> {
  const [rows, counted]: [Row[], Counted] = await Promise.all([
    query
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    query
      .clearSelect()
      .clearOrderBy()
      .select((eb) => eb.fn.countAll().as('count'))
      // Kysely cannot name a selection's key through the generic tables: the row is only the count.
      .executeTakeFirstOrThrow() as Promise<Counted>,
  ])
  return { rows, total: Number(counted.count) }
}

/** A LIKE pattern that finds `text` anywhere, its own `%`, `_` and `\` taken literally. */
export const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * `lower(column) LIKE pattern`, the same on SQLite and PostgreSQL (whose LIKE minds case). SQLite's
 * lower() folds ASCII letters only; Arabic has no case.
 */
export const lowerLike = (column: string, pattern: string): RawBuilder<SqlBool> =>
  sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`
