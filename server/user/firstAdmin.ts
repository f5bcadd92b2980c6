import { randomBytes, randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config.ts'
import type { Db } from '../db/database.ts'
import { hashPassword } from '../auth/password.ts'

export const DEFAULT_ADMIN_EMAIL = 'admin@localhost'

/** A password that passes the product's own rule: upper, lower, digit and symbol. */
function generatePassword(): string {
  return `Mz-${randomBytes(9).toString('base64url')}7a!`
}

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD create or promote that admin. Without them, an empty database gets
 * admin@localhost with a random password, printed once (`print`, the terminal) so a new user can
 * sign in at once.
 */
export async function ensureFirstAdmin(
  db: Db,
  config: Config,
  log: FastifyBaseLogger,
  print: (text: string) => void = (text) => process.stdout.write(text),
): Promise<void> {
  const now = new Date().toISOString()
  if (config.adminEmail && config.adminPassword) {
    const passwordHash = await hashPassword(config.adminPassword)
    const existing = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', config.adminEmail)
      .executeTakeFirst()
    if (existing) {
      await db
        .updateTable('users')
        .set({ is_admin: 1, account_state: 'active', password_hash: passwordHash, updated_at: now })
        .where('id', '=', existing.id)
        .execute()
      log.info({ email: config.adminEmail }, 'ADMIN_EMAIL: existing account is an active admin')
    } else {
      await db
        .insertInto('users')
        .values({
          id: randomUUID(),
          email: config.adminEmail,
          password_hash: passwordHash,
          name: 'Admin',
          is_admin: 1,
          created_at: now,
          updated_at: now,
        })
        .execute()
      log.info({ email: config.adminEmail }, 'ADMIN_EMAIL: admin account created')
    }
    return
  }

  const anyUser = await db.selectFrom('users').select('id').limit(1).executeTakeFirst()
  if (anyUser) return
  const password = generatePassword()
  await db
    .insertInto('users')
    .values({
      id: randomUUID(),
      email: DEFAULT_ADMIN_EMAIL,
      password_hash: await hashPassword(password),
      name: 'Admin',
      is_admin: 1,
      created_at: now,
      updated_at: now,
    })
    .execute()
  const lines = [
    'First admin created — sign in with:',
    `  e-mail:    ${DEFAULT_ADMIN_EMAIL}`,
    `  password:  ${password}`,
    'This is printed once; change it in Settings after signing in.',
  ]
  const width = Math.max(...lines.map((line) => line.length))
  const banner = [
    '',
    `  ┌${'─'.repeat(width + 4)}┐`,
    ...lines.map((line) => `  │  ${line.padEnd(width)}  │`),
    `  └${'─'.repeat(width + 4)}┘`,
    '',
  ].join('\n')
  // The box goes to the terminal as it is: inside a JSON log line its lines would arrive escaped.
  print(`${banner}\n`)
  log.warn({ email: DEFAULT_ADMIN_EMAIL }, 'first admin created; its password is printed once, above')
}
