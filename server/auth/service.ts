import { randomUUID } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Db } from '../db/database.ts'
import { isUniqueViolation } from '../db/errors.ts'
import type { User } from '../db/schema.ts'
import { badRequest, conflict, forbidden, HttpError } from '../errors.ts'
import type { AuditService } from '../audit/service.ts'
import type { Mailer } from '../mail/mailer.ts'
import { composeMail } from '../mail/messages.ts'
import type { Language } from '../../src/domain/translator.ts'
import { consumeCode, sendCode } from './codes.ts'
import { assertStrongPassword, hashPassword, verifyPassword } from './password.ts'
import { issueResetToken, redeemResetToken } from './resetTokens.ts'
import { createSession, revokeSessions, SESSION_COOKIE, SESSION_LIFETIME_MS, sha256 } from './session.ts'
import { PATHS } from '../../src/domain/paths.ts'

// Verifying against a real hash when the address is unknown keeps both answers equally slow,
// so timing does not reveal which addresses have accounts.
const unknownUserHash = hashPassword('not a real password: timing only')

export type Credentials = { email: string; password: string }

export type AuthServiceDeps = {
  db: Db
  mailer: Mailer
  /** Where mailed links point. */
  publicUrl: string
  audit: AuditService
}

/** Getting in: registration, sign-in and its codes, and a forgotten password. */
export function createAuthService({ db, mailer, publicUrl, audit }: AuthServiceDeps) {
  const findByEmail = (email: string) =>
    db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst()

  /** 409 when an account already uses the address. */
  async function assertAddressFree(email: string): Promise<void> {
    const taken = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()
    if (taken) throw conflict('errors.auth.emailTaken', 'email')
  }

  /** The account behind an e-mail and password, or a 400 (wrong) / 403 (deactivated). */
  async function checkCredentials({ email, password }: Credentials): Promise<User> {
    const user = await findByEmail(email)
    const valid = await verifyPassword(user?.password_hash ?? (await unknownUserHash), password)
    if (!user || !valid) throw badRequest('errors.auth.wrongCredentials')
    if (user.account_state !== 'active') throw forbidden('errors.auth.deactivated')
    return user
  }

  /**
   * Keeps the language of each sign-in on the account, so that what is mailed without a request
   * of the owner's (feed notices, the e-mail change notice) is in the language they use.
   */
  async function rememberLanguage(user: User, language: Language) {
    if (user.language === language) return
    await db.updateTable('users').set({ language }).where('id', '=', user.id).execute()
  }

  const secureCookie = publicUrl.startsWith('https:')
  const dropSessionOf = async (request: FastifyRequest) => {
    const id = request.cookies[SESSION_COOKIE]
    if (id) await db.deleteFrom('sessions').where('id_hash', '=', sha256(id)).execute()
  }

  return {
    checkCredentials,

    /** Sign-in: the session the request arrived with, if any, ends and a new one starts in its cookie. */
    async rotateSession(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void> {
      await dropSessionOf(request)
      reply.setCookie(SESSION_COOKIE, await createSession(db, userId), {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookie,
        maxAge: SESSION_LIFETIME_MS / 1000,
      })
    },

    /** Sign-out: the request's session ends and its cookie is cleared. */
    async endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      await dropSessionOf(request)
      reply.clearCookie(SESSION_COOKIE, { path: '/' })
    },

    /**
     * Credentials, then the two-factor code when the account has two-factor on: without a valid
     * code of purpose "login" there is no way in. Every attempt lands in the audit log.
     */
    async signIn(
      attempt: Credentials & { tfaCode: string | undefined; ip: string; language: Language },
    ): Promise<User> {
      try {
        const user = await checkCredentials(attempt)
        if (user.twofactor_enabled === 1) {
          if (attempt.tfaCode === undefined) throw badRequest('errors.auth.codeRequired')
          await consumeCode(db, { purpose: 'login', userId: user.id }, attempt.tfaCode)
        }
        await rememberLanguage(user, attempt.language)
        await audit.record({
          kind: 'auth.sign-in',
          message: { key: 'signIn', values: { email: user.email } },
          actorId: user.id,
          ip: attempt.ip,
        })
        return user
      } catch (error) {
        if (error instanceof HttpError)
          await audit.record({
            kind: 'auth.sign-in-failed',
            message: { key: 'signInFailed', values: { email: attempt.email } },
            data: { email: attempt.email, reason: error.messageKey },
            ip: attempt.ip,
          })
        throw error
      }
    },

    /**
     * A login code only for the right password of an account with two-factor on, so that nobody
     * can flood an inbox or learn who has two-factor on (docs/product.md §7.2). The caller has
     * checked the credentials (through the sign-in throttle).
     */
    async sendLoginCode(user: User, language: Language) {
      if (user.twofactor_enabled !== 1) throw conflict('errors.auth.twofactorOff')
      await sendCode({ db, mailer }, { purpose: 'login', userId: user.id, email: user.email }, language)
    },

    async sendRegistrationCode(email: string, language: Language) {
      await assertAddressFree(email)
      await sendCode({ db, mailer }, { purpose: 'register', email }, language)
    },

    /**
     * A new account from a strong password and the code mailed to its address. The code comes
     * first: a taken address never had one (the 409 at `register/send-code` is the only place
     * that tells which addresses have accounts, docs/product.md §13.1), so this answers a taken
     * address as any other without a code, unless one raced in after the code was sent (409).
     */
    async register({
      email,
      password,
      code,
      language,
    }: Credentials & { code: string; language: Language }): Promise<User> {
      assertStrongPassword(password)
      await consumeCode(db, { purpose: 'register', email }, code)
      const now = new Date().toISOString()
      try {
        return await db
          .insertInto('users')
          .values({
            id: randomUUID(),
            email,
            password_hash: await hashPassword(password),
            name: null,
            phone: null,
            residental_address: null,
            language,
            created_at: now,
            updated_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow()
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('errors.auth.emailTaken', 'email')
        throw error
      }
    },

    /**
     * Mails a reset link when the address belongs to an active account, and otherwise does
     * nothing; the caller answers the same either way, before this runs.
     */
    async sendResetLink(email: string, language: Language) {
      const user = await findByEmail(email)
      if (!user || user.account_state !== 'active') return
      const token = await issueResetToken(db, user.id)
      const link = `${publicUrl}${PATHS.resetPassword}/${token}`
      await mailer.send(composeMail(language, email, { kind: 'reset-link', link }))
    },

    /** A new password through a mailed link; every session of the account ends. */
    async resetPassword({ token, password, ip }: { token: string; password: string; ip: string }) {
      assertStrongPassword(password)
      const userId = await redeemResetToken(db, token)
      const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow()
      if (user.account_state !== 'active') throw forbidden('errors.auth.deactivated')
      await db
        .updateTable('users')
        .set({ password_hash: await hashPassword(password), updated_at: new Date().toISOString() })
        .where('id', '=', userId)
        .execute()
      await revokeSessions(db, userId)
      await audit.record({
        kind: 'auth.password-reset',
        message: { key: 'passwordReset', values: { email: user.email } },
        actorId: userId,
        subjectId: userId,
        ip,
      })
    },
  }
}

export type AuthService = ReturnType<typeof createAuthService>
