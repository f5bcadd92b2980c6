import type { LightMyRequestResponse } from 'fastify'
import { afterAll, expect, it } from 'vitest'
import { CODE_MAX_ATTEMPTS } from '../../server/auth/codes.ts'
import { post, profileWith } from '../server/accounts.ts'
import { aUser, signIn, STRONG_PASSWORD, uniqueEmail } from '../server/builders.ts'
import { describeEachDatabase } from '../server/harness.ts'
import { codeIn, startMailbox } from '../server/mailbox.ts'

/**
 * Every e-mailed code takes at most five guesses, however many arrive at once.
 * Each test sends 40 wrong codes and then the right one, all in flight together: the right one
 * must be refused, and at most five guesses may have been compared with the code.
 */

const mailbox = await startMailbox()
afterAll(() => mailbox.stop())

const GUESSES = 40

/** 40 codes that are not `code`, then `code` itself, last. */
function guessesThenRight(code: string): string[] {
  const wrong = Array.from({ length: GUESSES }, (_, i) =>
    String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
  )
  return [...wrong, code]
}

const WRONG = 'Wrong code'
const BURNT = 'Too many wrong codes; request a new one'

/**
 * The right code's answer is the last. A guess that was compared with the code is told "Wrong
 * code", or, the fifth, that the code is now burnt; every later one gets no try and is told the
 * same. So at most four say "Wrong code" and none gets in.
 */
function expectAtMostFiveTries(answers: LightMyRequestResponse[]) {
  const right = answers.at(-1)
  expect(right?.statusCode, right?.body).toBe(400)
  expect(right?.json()).toEqual({ message: BURNT })
  const messages = answers.map(
    (answer) => `${answer.statusCode} ${(answer.json() as { message: string }).message}`,
  )
  expect(messages.filter((message) => message !== `400 ${WRONG}` && message !== `400 ${BURNT}`)).toEqual([])
  expect(messages.filter((message) => message === `400 ${WRONG}`).length).toBeLessThanOrEqual(
    CODE_MAX_ATTEMPTS - 1,
  )
}

describeEachDatabase(
  'parallel code guesses',
  (ctx) => {
    it('takes at most five guesses at the settings two-factor code', async () => {
      const user = await aUser(ctx.db)
      const cookie = await signIn(ctx.app, user.email)
      await post(ctx.app, '/api/user/tfa/send-code', undefined, { cookie })
      const code = codeIn(await mailbox.waitForMail(user.email))
      const answers = await Promise.all(
        guessesThenRight(code).map((guess) =>
          post(ctx.app, '/api/user/tfa/toggle', { code: guess }, { cookie }),
        ),
      )
      expectAtMostFiveTries(answers)
      expect((await profileWith(ctx.app, cookie)).json().settings.twofactorMode).toBe(false)
    })

    it('takes at most five guesses at the sign-in code', async () => {
      const user = await aUser(ctx.db, { twofactor: true })
      const credentials = { email: user.email, password: STRONG_PASSWORD }
      expect((await post(ctx.app, '/api/auth/tfa/send-code', credentials)).statusCode).toBe(200)
      const code = codeIn(await mailbox.waitForMail(user.email))
      const answers = await Promise.all(
        guessesThenRight(code).map((tfaCode) =>
          post(ctx.app, '/api/auth/login', { ...credentials, tfaCode }),
        ),
      )
      expectAtMostFiveTries(answers)
      expect(
        answers.some((answer) => answer.cookies.some((cookie) => cookie.name === 'manzil_session')),
      ).toBe(false)
    })

    it('takes at most five guesses at the registration code', async () => {
      const email = uniqueEmail('race')
      await post(ctx.app, '/api/auth/register/send-code', { email })
      const code = codeIn(await mailbox.waitForMail(email))
      const answers = await Promise.all(
        guessesThenRight(code).map((guess) =>
          post(ctx.app, '/api/auth/register', { email, password: STRONG_PASSWORD, code: guess }),
        ),
      )
      expectAtMostFiveTries(answers)
      const account = await ctx.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirst()
      expect(account).toBeUndefined()
    })

    it('takes at most five guesses at the code that confirms a new e-mail address', async () => {
      const user = await aUser(ctx.db)
      const cookie = await signIn(ctx.app, user.email)
      const newEmail = uniqueEmail('moved')
      const changed = await ctx.app.inject({
        method: 'PATCH',
        url: '/api/user/profile',
        payload: { email: newEmail, currentPassword: STRONG_PASSWORD },
        headers: { cookie },
      })
      expect(changed.statusCode, changed.body).toBe(200)
      const code = codeIn(await mailbox.waitForMail(newEmail))
      const answers = await Promise.all(
        guessesThenRight(code).map((guess) =>
          post(ctx.app, '/api/user/email/confirm', { code: guess }, { cookie }),
        ),
      )
      expectAtMostFiveTries(answers)
      expect((await profileWith(ctx.app, cookie)).json().email).toBe(user.email)
    })
  },
  { env: { SMTP_URL: mailbox.smtpUrl } },
)
