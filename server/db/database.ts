import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import pg from 'pg'
import {
  CompiledQuery,
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type MigrationProvider,
  type SqliteDatabase,
  type SqliteDialectConfig,
} from 'kysely'
import type { DatabaseConfig } from '../config.ts'
import type { Database } from './schema.ts'
import { migrations } from './migrations.ts'
import {
  MAIN_THREAD_CHECKPOINT_PAGES,
  startWalCheckpointer,
  WAL_SIZE_LIMIT_BYTES,
} from './walCheckpointer.ts'

export type Engine = 'sqlite' | 'postgres'

export type Db = Kysely<Database>

export type DatabaseHandle = {
  db: Db
  engine: Engine
  /** Resolves once the database answers a trivial query. */
  ping(): Promise<void>
  close(): Promise<void>
}

/** How many compiled statements are kept; far more than the distinct queries the server runs. */
const STATEMENT_CACHE_SIZE = 1000

/**
 * Kysely prepares every query it runs, and better-sqlite3 compiles a statement on each prepare:
 * the compiled statements are kept by their text (the parameters change, the text repeats), so
 * the sync's and the API's steady queries are compiled once. Kysely holds the one connection for
 * a whole query, so a statement is never run twice at the same time.
 */
function withStatementCache(connection: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>()
  return {
    close: () => connection.close(),
    prepare(text) {
      let statement = statements.get(text)
      if (!statement) {
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear()
        statement = connection.prepare(text)
        statements.set(text, statement)
      }
      return statement
    },
  }
}

/**
 * Transactions take the write lock when they begin. A deferred one that read first and writes
 * second fails at once (SQLITE_BUSY, no waiting) if another connection committed in between: the
 * checkpointer thread, which restarts the log with a write of its own, or another process on the
 * same file (a backup, a test's fixtures). Beginning immediate waits its turn instead, and costs
 * nothing here, where the server's one connection runs one transaction at a time anyway.
 */
class ImmediateTransactionDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'))
  }
}

class ImmediateTransactionDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig
  constructor(config: SqliteDialectConfig) {
    super(config)
    this.#config = config
  }
  override createDriver() {
    return new ImmediateTransactionDriver(this.#config)
  }
}

function openSqlite(file: string): DatabaseHandle {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true })
  const connection = new SQLite(file)
  connection.pragma('journal_mode = WAL')
  connection.pragma('foreign_keys = ON')
  connection.pragma('synchronous = NORMAL')
  connection.pragma('busy_timeout = 5000')
  const db = new Kysely<Database>({
    dialect: new ImmediateTransactionDialect({ database: withStatementCache(connection) }),
  })
  let checkpointer: ReturnType<typeof startWalCheckpointer> | null = null
  if (file !== ':memory:') {
    connection.pragma(`wal_autocheckpoint = ${MAIN_THREAD_CHECKPOINT_PAGES}`)
    connection.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`)
    // Kysely's SQLite driver has one connection behind a lock: holding it holds every query.
    checkpointer = startWalCheckpointer(file, (work) => db.connection().execute(() => work()))
  }
  // The ping asks the connection itself, not through Kysely, whose one connection a sync's write
  // transaction may hold for a while: liveness must not wait behind the work it watches.
  const ping = connection.prepare('select 1')
  return {
    db,
    engine: 'sqlite',
    ping: async () => void ping.get(),
    close: async () => {
      await checkpointer?.stop()
      await db.destroy()
    },
  }
}

function openPostgres(url: string, schema: string | undefined): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  })
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  return {
    db,
    engine: 'postgres',
    ping: async () => void (await sql`select 1`.execute(db)),
    close: () => db.destroy(),
  }
}

export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  if (config.engine === 'sqlite') return openSqlite(config.file)
  if (config.schema) {
    // Tests isolate themselves in a schema of their own; create it before the pool points at it.
    const admin = new pg.Client({ connectionString: config.url })
    await admin.connect()
    try {
      await admin.query(`create schema if not exists "${config.schema}"`)
    } finally {
      await admin.end()
    }
  }
  return openPostgres(config.url, config.schema)
}

const provider: MigrationProvider = { getMigrations: async () => migrations }

/**
 * Brings the schema to the newest version; throws with the failing migration's error.
 * `schema` names the PostgreSQL schema that keeps Kysely's own tables: its existence check
 * otherwise finds them in any schema of the database, e.g. a test running beside this one.
 */
export async function migrateToLatest(db: Db, schema?: string): Promise<string[]> {
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) })
  const { error, results } = await migrator.migrateToLatest()
  if (error) throw error instanceof Error ? error : new Error(String(error))
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}
