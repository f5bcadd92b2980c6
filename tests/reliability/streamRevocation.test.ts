import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { post } from '../server/accounts.ts'
import { aUser, signIn, STRONG_PASSWORD, uniqueEmail } from '../server/builders.ts'
import { openEventStream, originOf, type EventStream } from '../server/eventStream.ts'
import { describeEachDatabase, startSecondProcess } from '../server/harness.ts'
import { linkIn, startMailbox } from '../server/mailbox.ts'

/**
 * An open live-notification stream outlived sign-out and deactivation until its
 * next heartbeat (25 s). It must close within a second of its session ending, however it ends,
 * on every server process: on PostgreSQL a second process shares the database and has a stream
 * of the same session open.
 */

const mailbox = await startMailbox()
afterAll(() => mailbox.stop())

const WITHIN_A_SECOND = 1000

describeEachDatabase(
  'streams of ended sessions',
  (ctx) => {
    let admin = ''
    let other: FastifyInstance | undefined
    const opened: EventStream[] = []

    beforeAll(async () => {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' })
      // SQLite is one process by design (docs/product.md §15.1); PostgreSQL is where processes
      // share the work.
      if (ctx.engine === 'postgres') other = await startSecondProcess(ctx)
      admin = await signIn(ctx.app, (await aUser(ctx.db, { isAdmin: true })).email)
    })
    afterAll(async () => {
      opened.forEach((stream) => stream.close())
      await other?.close()
    })

    /** A signed-in account with a stream open on each process, past their opening comment. */
    async function listening() {
      const user = await aUser(ctx.db)
      const cookie = await signIn(ctx.app, user.email)
      const streams: EventStream[] = []
      for (const app of [ctx.app, ...(other ? [other] : [])]) {
        const stream = await openEventStream(`${originOf(app)}/api/notification/sse`, cookie)
        expect(await stream.next()).toEqual({ comment: 'connected' })
        streams.push(stream)
        opened.push(stream)
      }
      return { user, cookie, streams }
    }

    async function expectAllEnded(streams: EventStream[]) {
      for (const stream of streams) await expect(stream.next(WITHIN_A_SECOND)).resolves.toBeNull()
    }

    /** Someone else's stream that must stay open through it all. */
    let bystander: EventStream[] = []
    beforeAll(async () => {
      bystander = (await listening()).streams
    })

    it('closes on sign-out', async () => {
      const { cookie, streams } = await listening()
      expect((await post(ctx.app, '/api/auth/logout', undefined, { cookie })).statusCode).toBe(200)
      await expectAllEnded(streams)
    })

    it('closes on a password reset', async () => {
      const { user, streams } = await listening()
      await post(ctx.app, '/api/auth/forgot-password/send-link', { email: user.email })
      const token = linkIn(await mailbox.waitForMail(user.email)).split('/reset-password/')[1]
      const reset = await post(ctx.app, `/api/auth/forgot-password/change/${token}`, {
        password: 'Brand-New-Pass-5',
      })
      expect(reset.statusCode).toBe(200)
      await expectAllEnded(streams)
    })

    it('closes on deactivation', async () => {
      const { user, streams } = await listening()
      const done = await post(
        ctx.app,
        `/api/admin/user/${user.id}/deactivate`,
        { reason: 'Spam' },
        { cookie: admin },
      )
      expect(done.statusCode).toBe(200)
      await expectAllEnded(streams)
    })

    it('closes on deletion by an admin', async () => {
      const { user, streams } = await listening()
      const done = await post(
        ctx.app,
        `/api/admin/user/${user.id}/delete`,
        { reason: 'Spam' },
        { cookie: admin },
      )
      expect(done.statusCode).toBe(204)
      await expectAllEnded(streams)
    })

    it('closes when the owner deletes the account', async () => {
      const { cookie, streams } = await listening()
      const done = await ctx.app.inject({ method: 'DELETE', url: '/api/user/profile', headers: { cookie } })
      expect(done.statusCode).toBe(200)
      await expectAllEnded(streams)
    })

    it('closes when the old address takes an e-mail change back', async () => {
      const { user, cookie, streams } = await listening()
      await ctx.app.inject({
        method: 'PATCH',
        url: '/api/user/profile',
        payload: { email: uniqueEmail('thief'), currentPassword: STRONG_PASSWORD },
        headers: { cookie },
      })
      const token = linkIn(await mailbox.waitForMail(user.email)).split('/cancel-email-change/')[1]
      expect((await post(ctx.app, '/api/auth/email-change/cancel', { token })).statusCode).toBe(200)
      await expectAllEnded(streams)
    })

    it("leaves everyone else's streams open", async () => {
      for (const stream of bystander) await expect(stream.next(200)).rejects.toThrow('no event in time')
    })
  },
  { env: { SMTP_URL: mailbox.smtpUrl } },
)
