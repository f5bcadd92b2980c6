import { expect } from 'vitest'
import type { Exposure } from '../../contract/imports.ts'
import type { InternalCalendar } from '../../contract/property.ts'
import { aCalendarRow } from './bookingBuilders.ts'
import { aPropertyRow, aUser, signIn } from './builders.ts'
import type { TestContext } from './harness.ts'

/**
 * A host with one property linked to Airbnb and Vrbo, whose availability feeds the platforms
 * import by `imports` (as `userAgent`, or the platform's name), with what the host reads of them.
 */
export async function aHostWithPlatformLinks(ctx: TestContext, { userAgent }: { userAgent?: string } = {}) {
  const owner = await aUser(ctx.db)
  const cookie = await signIn(ctx.app, owner.email)
  const property = await aPropertyRow(ctx.db, owner.id, { name: 'Dune House' })
  const airbnb = await aCalendarRow(ctx.db, property.id, 'Airbnb')
  const vrbo = await aCalendarRow(ctx.db, property.id, 'Vrbo')
  /** The property's availability feeds, by platform name. */
  const internal = async () => {
    const answer = await ctx.app.inject({
      url: `/api/property/${property.id}/calendar/internal`,
      headers: { cookie },
    })
    expect(answer.statusCode).toBe(200)
    const platforms = (answer.json() as InternalCalendar).platforms
    return (name: string) => platforms.find((feed) => feed.platformName === name)!
  }
  /** The platform imports its feed now, as its import would. */
  const imports = async (name: string) => {
    const url = new URL((await internal())(name).url).pathname
    const answer = await ctx.app.inject({ url, headers: { 'user-agent': userAgent ?? name } })
    expect(answer.statusCode).toBe(200)
    await ctx.app.calendars.flushFetches()
  }
  const exposure = async () => {
    const answer = await ctx.app.inject({ url: '/api/exposure', headers: { cookie } })
    expect(answer.statusCode).toBe(200)
    return answer.json() as Exposure
  }
  return { owner, cookie, property, airbnb, vrbo, internal, imports, exposure }
}
