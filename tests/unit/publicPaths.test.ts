import { describe, expect, it } from 'vitest'
import { isPublicPath, PUBLIC_PATHS } from '../../src/domain/paths.ts'
import { FIRST_SCREENS } from '../../scripts/firstScreens.ts'

describe('pages a signed-out person may be on', () => {
  it('include the mailed links, whose pages a 401 must not leave for /login', () => {
    for (const path of [
      '/login',
      '/registration',
      '/forgot-password',
      '/reset-password/abc',
      '/cancel-email-change/abc',
    ])
      expect(isPublicPath(path), path).toBe(true)
  })

  it('exclude every signed-in screen and look-alike paths', () => {
    for (const path of [
      '/',
      '/dashboard',
      '/properties',
      '/settings',
      '/cancel-email-changes',
      '/login-help',
    ])
      expect(isPublicPath(path), path).toBe(false)
  })

  it('are the screens the first-screen preloads open without a session', () => {
    expect(FIRST_SCREENS.filter((screen) => !screen.signedIn).map((screen) => screen.name)).toEqual(
      PUBLIC_PATHS,
    )
  })
})
