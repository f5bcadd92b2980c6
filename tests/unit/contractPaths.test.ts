import { describe, expect, it } from 'vitest'
import { pathOf, apiPaths } from '../../contract/paths.ts'

describe('the URL of a route', () => {
  it('puts each parameter in its segment', () => {
    expect(pathOf(apiPaths.stay.update.url, { id: 'p-1', stayId: 's-2' })).toBe('/property/p-1/stay/s-2')
    expect(pathOf(apiPaths.user.profile.url, {})).toBe('/user/profile')
  })

  it('encodes a parameter so that it stays one segment', () => {
    expect(
      pathOf(apiPaths.property.rotatePlatformFeed.url, { id: 'p', platformName: 'Booking.com/x y' }),
    ).toBe('/property/p/calendar/platform/Booking.com%2Fx%20y/rotate')
    expect(pathOf(apiPaths.auth.changePassword.url, { token: 'a?b#c' })).toBe(
      '/auth/forgot-password/change/a%3Fb%23c',
    )
  })
})

describe('the routes of the API', () => {
  // The browser finds an endpoint's types by its method and URL.
  it('answer each method and URL once', () => {
    const routes = Object.values(apiPaths).flatMap((area) =>
      Object.values(area).map(({ method, url }) => `${method} ${url}`),
    )
    expect(new Set(routes).size).toBe(routes.length)
  })
})
