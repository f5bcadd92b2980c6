import { randomInt, randomUUID } from 'node:crypto'
import type { Db } from '../db/database.ts'
import type { ExpressionBuilder } from 'kysely'
import type { Database, EmailCodePurpose } from '../db/schema.ts'
import { badRequest, type HttpError } from '../errors.ts'
import type { Mailer } from '../mail/mailer.ts'
import { composeMail } from '../mail/messages.ts'
import { CODE_LENGTH } from '../../src/domain/code.ts'
import type { Language } from '../../src/domain/translator.ts'
import { sha256 } from './session.ts'

export const CODE_LIFETIME_MS = 10 * 60 * 1000
export const CODE_MAX_ATTEMPTS = 5

/**
 * Whom a code belongs to: before an account exists, the address it was sent to; afterwards the
 * account, so a code follows the person even while the address is the thing being changed.
 */
export type CodeOwner =
  { purpose: 'register'; email: string } | { purpose: Exclude<EmailCodePurpose, 'register'>; userId: string }

/** An owner and the address its code goes to. */
export type CodeRecipient = CodeOwner & { email: string }

// The row id salts the hash, so two rows with the same code never share a hash.
const hashOf = (rowId: string, code: string) => sha256(`${rowId}:${code}`)

function ownedBy(owner: CodeOwner) {
  return (eb: ExpressionBuilder<Database, 'email_codes'>) =>
    eb.and([
      eb('purpose', '=', owner.purpose),
      owner.purpose === 'register'
        ? eb.and([eb('email', '=', owner.email), eb('user_id', 'is', null)])
        : eb('user_id', '=', owner.userId),
    ])
}

/** A fresh six-digit code for this owner and purpose; it replaces any earlier one. */
export async function issueCode(db: Db, recipient: CodeRecipient): Promise<string> {
  const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0')
  const id = randomUUID()
  const now = Date.now()
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('email_codes').where(ownedBy(recipient)).execute()
    await trx
      .insertInto('email_codes')
      .values({
        id,
        purpose: recipient.purpose,
        email: recipient.email,
        user_id: recipient.purpose === 'register' ? null : recipient.userId,
        code_hash: hashOf(id, code),
        expires_at: new Date(now + CODE_LIFETIME_MS).toISOString(),
        created_at: new Date(now).toISOString(),
      })
      .execute()
  })
  return code
}

/**
 * Spends the owner's code if `code` matches: single use, 10 minutes, five guesses. A guess first
 * takes a try, in one conditional UPDATE that counts it: of any number of guesses in
 * flight at once, on any process, at most five get a row back, and only those are compared with
 * the code. The fifth wrong one burns the code; it stays, burnt, until a new one replaces it or
 * it expires, so every later guess, the right code included, is told so. Answers the address the
 * code was sent to; throws a 400 otherwise.
 */
export async function consumeCode(db: Db, owner: CodeOwner, code: string): Promise<string> {
  const now = new Date().toISOString()
  const tried = await db
    .updateTable('email_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where(ownedBy(owner))
    .where('attempts', '<', CODE_MAX_ATTEMPTS)
    .where('expires_at', '>', now)
    .returning(['id', 'email', 'code_hash', 'attempts'])
    .executeTakeFirst()
  if (!tried) throw await whyNoTry(db, owner, now)
  if (tried.code_hash !== hashOf(tried.id, code))
    throw badRequest(
      tried.attempts >= CODE_MAX_ATTEMPTS ? 'errors.code.tooManyAttempts' : 'errors.code.wrong',
    )
  // Deleting is the spend: of two requests racing with the same code only one deletes the row.
  const spent = await db.deleteFrom('email_codes').where('id', '=', tried.id).executeTakeFirst()
  if (spent.numDeletedRows === 0n) throw badRequest('errors.code.missing')
  return tried.email
}

/** Why a guess got no try: no code, an expired one (deleted now), or a burnt one. */
async function whyNoTry(db: Db, owner: CodeOwner, now: string): Promise<HttpError> {
  const row = await db
    .selectFrom('email_codes')
    .select(['id', 'expires_at'])
    .where(ownedBy(owner))
    .executeTakeFirst()
  if (!row) return badRequest('errors.code.missing')
  if (row.expires_at <= now) {
    await db.deleteFrom('email_codes').where('id', '=', row.id).execute()
    return badRequest('errors.code.expired')
  }
  return badRequest('errors.code.tooManyAttempts')
}

/** Issues a code and mails it to the recipient in the reader's language. */
export async function sendCode(
  { db, mailer }: { db: Db; mailer: Mailer },
  recipient: CodeRecipient,
  language: Language,
): Promise<void> {
  const code = await issueCode(db, recipient)
  await mailer.send(
    composeMail(language, recipient.email, { kind: 'code', purpose: recipient.purpose, code }),
  )
}
