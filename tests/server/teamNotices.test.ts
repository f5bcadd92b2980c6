import { afterAll, beforeAll, expect, it } from 'vitest'
import { calendarOf, startFeedServer, type FeedServer, type StayEvent } from '../fixtures/feedServer.ts'
import type { TeamRole } from '../../contract/team.ts'
import { aTeamMember, aUser, signIn } from './builders.ts'
import { openEventStream, originOf } from './eventStream.ts'
import { describeEachDatabase } from './harness.ts'
import { startMailbox } from './mailbox.ts'
import { aHost } from './platformHost.ts'

let feeds: FeedServer
beforeAll(async () => {
  feeds = await startFeedServer()
})
afterAll(() => feeds.close())
const mailbox = await startMailbox()
afterAll(() => mailbox.stop())

const stay = (day: number): StayEvent => ({
  uid: `team-${day}@airbnb.com`,
  start: `2030-06-${String(day).padStart(2, '0')}`,
  end: `2030-06-${String(day + 2).padStart(2, '0')}`,
  summary: 'Reserved',
})

/**
 * docs/product.md §6: what happens at a property is told to its owner and its co-hosts, each by
 * their own settings, live, by mail and by push; never to a cleaner; and no longer to a member
 * once removed, open streams included.
 */
describeEachDatabase(
  'a property’s notices reach its team',
  (ctx) => {
    beforeAll(async () => {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' })
    })

    async function aMember(propertyId: string, ownerId: string, role: TeamRole, notifications = true) {
      const user = await aUser(ctx.db)
      await ctx.db
        .updateTable('users')
        .set({ notifications_enabled: notifications ? 1 : 0 })
        .where('id', '=', user.id)
        .execute()
      const memberId = await aTeamMember(ctx.db, { propertyId, user, role, invitedBy: ownerId })
      return { ...user, memberId, cookie: await signIn(ctx.app, user.email) }
    }

    const kindsOf = async (userId: string) =>
      (
        await ctx.db
          .selectFrom('notifications')
          .select('kind')
          .where('user_id', '=', userId)
          .orderBy('created_at')
          .execute()
      ).map((row) => row.kind)

    it('tells the owner and each co-host who wants it, live and by mail; a cleaner never', async () => {
      const host = await aHost(ctx, feeds, { Airbnb: [stay(1)] })
      await host.sync('Airbnb')
      const cohost = await aMember(host.property.id, host.owner.id, 'cohost')
      const quiet = await aMember(host.property.id, host.owner.id, 'cohost', false)
      const cleaner = await aMember(host.property.id, host.owner.id, 'cleaner')
      const stream = await openEventStream(`${originOf(ctx.app)}/api/notification/sse`, cohost.cookie)
      expect((await stream.next())?.comment).toBe('connected')

      feeds.serve(host.routes.Airbnb!, calendarOf([stay(1), stay(10)]))
      await host.sync('Airbnb')
      expect(await kindsOf(host.owner.id)).toEqual(['new'])
      expect(await kindsOf(cohost.id)).toEqual(['new'])
      expect(await kindsOf(quiet.id)).toEqual([])
      expect(await kindsOf(cleaner.id)).toEqual([])
      const event = await stream.next()
      expect(event?.event).toBe('notification')
      expect(JSON.parse(event?.data ?? '{}')).toMatchObject({ kind: 'new', propertyId: host.property.id })
      const mail = await mailbox.waitForMail(cohost.email)
      expect(mail.text).toContain('Villa Rawdah')

      // Removed: nothing more of the property reaches the former co-host, on the open stream either.
      const removed = await host.inject('DELETE', `/api/property/${host.property.id}/team/${cohost.memberId}`)
      expect(removed.statusCode).toBe(204)
      feeds.serve(host.routes.Airbnb!, calendarOf([stay(1), stay(10), stay(20)]))
      await host.sync('Airbnb')
      expect(await kindsOf(host.owner.id)).toEqual(['new', 'new'])
      expect(await kindsOf(cohost.id)).toEqual(['new'])
      await expect(stream.next(1500)).rejects.toThrow('no event in time')
      stream.close()
    })
  },
  { env: { SMTP_URL: mailbox.smtpUrl, SYNC_ALLOW_HOSTS: '127.0.0.1' } },
)
