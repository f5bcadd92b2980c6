import { expect, it } from 'vitest'
import type { Property } from '../../contract/property.ts'
import { aUser, signIn } from './builders.ts'
import { describeEachDatabase, type TestContext } from './harness.ts'
import { aPropertyFields, propertyForm, sendPropertyForm } from './multipart.ts'

async function aHost(ctx: TestContext) {
  const owner = await aUser(ctx.db)
  const cookie = await signIn(ctx.app, owner.email)
  const send = (method: 'POST' | 'PATCH', url: string, fields: Record<string, string>, language = 'en') =>
    sendPropertyForm(ctx.app, method, url, propertyForm(fields), { cookie, language })
  return { cookie, send }
}

describeEachDatabase('a property’s check-in and check-out times', (ctx) => {
  it('are 15:00 and 11:00 unless the form names others, and stay as they are when an update names none', async () => {
    const host = await aHost(ctx)
    const plain = (await host.send('POST', '/api/property', aPropertyFields())).json<Property>()
    expect(plain).toMatchObject({ checkInTime: '15:00', checkOutTime: '11:00' })
    const named = await host.send(
      'POST',
      '/api/property',
      aPropertyFields({ checkInTime: '16:30', checkOutTime: ' 10:00 ' }),
    )
    expect(named.statusCode).toBe(201)
    const { id } = named.json<Property>()
    expect(named.json<Property>()).toMatchObject({ checkInTime: '16:30', checkOutTime: '10:00' })

    const kept = await host.send('PATCH', `/api/property/${id}`, aPropertyFields({ name: 'Renamed' }))
    expect(kept.json<Property>()).toMatchObject({
      name: 'Renamed',
      checkInTime: '16:30',
      checkOutTime: '10:00',
    })
    const changed = await host.send(
      'PATCH',
      `/api/property/${id}`,
      aPropertyFields({ checkOutTime: '12:00' }),
    )
    expect(changed.json<Property>()).toMatchObject({ checkInTime: '16:30', checkOutTime: '12:00' })
    const listed = (
      await ctx.app.inject({ url: '/api/property/list', headers: { cookie: host.cookie } })
    ).json<Property[]>()
    expect(listed.find((property) => property.id === id)).toMatchObject({ checkOutTime: '12:00' })
  })

  it('refuse a time that is not "HH:MM" on a 24-hour clock, naming the field in the reader’s language', async () => {
    const host = await aHost(ctx)
    for (const checkInTime of ['3pm', '24:00', '9:00', '15:60', '15:00:00']) {
      const response = await host.send('POST', '/api/property', aPropertyFields({ checkInTime }))
      const message = 'Check-in time must be a time such as 15:00'
      expect([checkInTime, response.statusCode, response.json()]).toEqual([
        checkInTime,
        400,
        { message, fields: { checkInTime: message } },
      ])
    }
    const arabic = await host.send('POST', '/api/property', aPropertyFields({ checkOutTime: 'noon' }), 'ar')
    const arabicMessage = 'يجب أن يكون وقت تسجيل المغادرة وقتًا مثل 11:00'
    expect(arabic.json()).toEqual({ message: arabicMessage, fields: { checkOutTime: arabicMessage } })
  })
})
