import { sql } from 'kysely'
import { expect, it } from 'vitest'
import { describeEachDatabase, type TestContext } from './harness.ts'

/** One column of a foreign key or of an index, at its position (from 1) in it. */
type KeyColumn = { table: string; name: string; position: number; column: string | null }

/** A foreign key or an index: its table and its columns in order. */
type Key = { table: string; name: string; columns: (string | null)[] }

function keysOf(rows: KeyColumn[]): Key[] {
  const keys = new Map<string, Key>()
  for (const row of [...rows].sort((a, b) => Number(a.position) - Number(b.position))) {
    const id = `${row.table}.${row.name}`
    const key = keys.get(id) ?? { table: row.table, name: row.name, columns: [] }
    key.columns.push(row.column)
    keys.set(id, key)
  }
  return [...keys.values()]
}

/** Every foreign key of the schema, and every index that covers all of its table's rows. */
async function catalogue(ctx: TestContext): Promise<{ foreignKeys: Key[]; indexes: Key[] }> {
  if (ctx.engine === 'sqlite') {
    // Text primary keys have an index of their own (origin 'pk'); partial indexes skip rows.
    const foreignKeys = await sql<KeyColumn>`
      select t.name as "table", cast(f.id as text) as name, f.seq + 1 as position, f."from" as "column"
      from sqlite_master t join pragma_foreign_key_list(t.name) f
      where t.type = 'table'`.execute(ctx.db)
    const indexes = await sql<KeyColumn>`
      select t.name as "table", i.name as name, c.seqno + 1 as position, c.name as "column"
      from sqlite_master t join pragma_index_list(t.name) i join pragma_index_info(i.name) c
      where t.type = 'table' and i.partial = 0`.execute(ctx.db)
    return { foreignKeys: keysOf(foreignKeys.rows), indexes: keysOf(indexes.rows) }
  }
  const foreignKeys = await sql<KeyColumn>`
    select t.relname as "table", c.conname as name, k.position, a.attname as "column"
    from pg_constraint c
    join pg_class t on t.oid = c.conrelid
    join pg_namespace n on n.oid = t.relnamespace
    cross join lateral unnest(c.conkey) with ordinality as k(attnum, position)
    join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum
    where c.contype = 'f' and n.nspname = current_schema()`.execute(ctx.db)
  // An expression's column (attnum 0) has no name: it serves no foreign key.
  const indexes = await sql<KeyColumn>`
    select t.relname as "table", x.relname as name, k.position, a.attname as "column"
    from pg_index i
    join pg_class t on t.oid = i.indrelid
    join pg_class x on x.oid = i.indexrelid
    join pg_namespace n on n.oid = t.relnamespace
    cross join lateral unnest(i.indkey::int2[]) with ordinality as k(attnum, position)
    left join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum
    where n.nspname = current_schema() and i.indpred is null`.execute(ctx.db)
  return { foreignKeys: keysOf(foreignKeys.rows), indexes: keysOf(indexes.rows) }
}

/** Whether the index's leading columns are exactly the foreign key's, in any order. */
const serves = (index: Key, foreignKey: Key) =>
  index.table === foreignKey.table &&
  foreignKey.columns.every((column) => index.columns.slice(0, foreignKey.columns.length).includes(column))

const named = (key: Key) => `${key.table}(${key.columns.join(', ')})`

describeEachDatabase('foreign keys', (ctx) => {
  it('reads every foreign key of the schema from the catalogue', async () => {
    const { foreignKeys } = await catalogue(ctx)
    expect(foreignKeys.map(named)).toEqual(
      expect.arrayContaining([
        'properties(owner_id)',
        'bookings(calendar_id)',
        'bookings(property_id)',
        'announced_conflicts(first_id)',
        'announced_conflicts(second_id)',
        'feed_served(feed_id)',
      ]),
    )
  })

  // A delete in the referenced table looks up its referencing rows by these columns: without an
  // index each deleted row reads the whole referencing table.
  it('has an index led by the columns of every foreign key', async () => {
    const { foreignKeys, indexes } = await catalogue(ctx)
    const unindexed = foreignKeys.filter((key) => !indexes.some((index) => serves(index, key)))
    expect(unindexed.map(named)).toEqual([])
  })
})
