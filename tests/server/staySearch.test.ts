import { expect, it } from 'vitest'
import { aCalendarRow, aPropertyRow, aStay } from './bookingBuilders.ts'
import { aUser, signIn } from './builders.ts'
import { describeEachDatabase } from './harness.ts'

const airbnbDescription = (code: string, phone: string) =>
  `Reservation URL: https://www.airbnb.com/hosting/reservations/details/${code}\nPhone Number (Last 4 Digits): ${phone}`

describeEachDatabase('stay search', (ctx) => {
  async function anOwner() {
    const owner = await aUser(ctx.db)
    const cookie = await signIn(ctx.app, owner.email)
    const search = (q: string, language = 'en') =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/stay/search?${new URLSearchParams({ q })}`,
        headers: { cookie, 'accept-language': language },
      })
    return { owner, search }
  }

  it('finds the owner’s stays across properties by guest, reservation code or the phone’s last 4 digits', async () => {
    const { owner, search } = await anOwner()
    const villa = await aCalendarRow(ctx.db, await aPropertyRow(ctx.db, owner.id, { name: 'Villa' }))
    const flat = await aCalendarRow(ctx.db, await aPropertyRow(ctx.db, owner.id, { name: 'Flat' }), 'Vrbo')
    const sarah = await aStay(ctx.db, villa, '2030-05-01', '2030-05-04', {
      guestName: 'Sarah Malik',
      description: airbnbDescription('HMQ4XK2Z9P', '4821'),
    })
    const omar = await aStay(ctx.db, flat, '2030-06-01', '2030-06-03', { guestName: 'Omar Sarawi' })
    await aStay(ctx.db, flat, '2030-07-01', '2030-07-03', { guestName: 'Sara Gone', cancelled: true })
    // Another owner's stay of the same name is never found.
    const stranger = await aUser(ctx.db)
    const theirs = await aCalendarRow(ctx.db, await aPropertyRow(ctx.db, stranger.id))
    await aStay(ctx.db, theirs, '2030-05-01', '2030-05-04', { guestName: 'Sarah Other' })

    const byName = await search('sara')
    expect(byName.statusCode).toBe(200)
    expect(byName.json().map((hit: { id: string }) => hit.id)).toEqual([omar, sarah])
    expect(byName.json()[1]).toMatchObject({ propertyName: 'Villa', match: 'guest', platform: 'Airbnb' })
    expect((await search('q4xk2')).json()).toMatchObject([
      { id: sarah, match: 'code', reservationCode: 'HMQ4XK2Z9P' },
    ])
    expect((await search('4821')).json()).toMatchObject([{ id: sarah, match: 'phone', phoneLast4: '4821' }])
    // Digits elsewhere in the description are neither code nor phone.
    expect((await search('482')).json()).toEqual([])
    expect((await search('airbnb.com')).json()).toEqual([])
  })

  it('reads past descriptions that only seem to match, so a code behind 150 newer phones is found', async () => {
    const { owner, search } = await anOwner()
    const calendar = await aCalendarRow(ctx.db, await aPropertyRow(ctx.db, owner.id))
    const coded = await aStay(ctx.db, calendar, '2030-01-01', '2030-01-03', {
      guestName: 'Code Holder',
      description: airbnbDescription('HMX432QQ7A', '1111'),
    })
    // Newer stays whose phones end 4321: "432" is in their descriptions, in no code or phone.
    // Half share one check-in, so the walk's pages also turn inside a day.
    for (let index = 0; index < 150; index++) {
      const start = index < 75 ? '2030-03-01' : `2030-04-${String((index % 28) + 1).padStart(2, '0')}`
      const end = index < 75 ? '2030-03-02' : `2030-05-${String((index % 28) + 1).padStart(2, '0')}`
      await aStay(ctx.db, calendar, start, end, {
        guestName: `Guest ${index}`,
        description: airbnbDescription(`HMZZ${String(index).padStart(6, '0')}`, '4321'),
      })
    }
    expect((await search('432')).json()).toMatchObject([
      { id: coded, match: 'code', reservationCode: 'HMX432QQ7A' },
    ])
    expect((await search('4321')).json()).toHaveLength(20)
  })

  it('takes LIKE wildcards literally, answers at most 20 stays, and refuses a text too short or long in the reader’s language', async () => {
    const { owner, search } = await anOwner()
    const calendar = await aCalendarRow(ctx.db, await aPropertyRow(ctx.db, owner.id))
    await aStay(ctx.db, calendar, '2030-05-01', '2030-05-02', { guestName: 'Ali' })
    const percent = await aStay(ctx.db, calendar, '2030-05-02', '2030-05-03', { guestName: '100% Ali_x' })
    expect((await search('%a')).json()).toEqual([])
    expect((await search('%')).statusCode).toBe(400)
    expect((await search('0%')).json().map((hit: { id: string }) => hit.id)).toEqual([percent])
    expect((await search('i_')).json().map((hit: { id: string }) => hit.id)).toEqual([percent])
    for (let day = 10; day < 35; day++)
      await aStay(ctx.db, calendar, `2030-08-${String(day - 5).padStart(2, '0')}`, `2030-08-${day - 4}`, {
        guestName: `Many ${day}`,
      })
    expect((await search('many')).json()).toHaveLength(20)

    const short = await search(' a ')
    expect(short.statusCode).toBe(400)
    expect(short.json().message).toBe('Type 2 to 60 characters to search stays')
    expect((await search('x'.repeat(61), 'ar')).json().message).toBe(
      'اكتب من حرفين إلى ٦٠ حرفًا للبحث في الإقامات',
    )
    expect((await ctx.app.inject({ url: '/api/stay/search?q=ali' })).statusCode).toBe(401)
  })
})
