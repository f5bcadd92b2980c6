/**
 * Run by databaseClose.test.ts in a Node process of its own: opens the SQLite file named by its
 * argument, migrates it, closes it and says so. Nothing else keeps this process alive.
 */
import { migrateToLatest, openDatabase } from '../../server/db/database.ts'

const file = process.argv[2]
if (!file) throw new Error('usage: openAndClose.ts <file>')
const handle = await openDatabase({ engine: 'sqlite', file })
await migrateToLatest(handle.db)
await handle.close()
console.log('closed')
