import { afterEach, describe, expect, it, vi } from 'vitest'
import type { FirstScreenPlan } from '../../src/boot/firstScreen.ts'
import { firstScreenScript } from '../../scripts/viteFirstScreen.ts'

const PLAN: FirstScreenPlan = {
  languageKey: 'manzil.language',
  sessionHintKey: 'manzil.signedIn',
  languages: ['en', 'ar'],
  defaultLanguage: 'en',
  everyPage: { en: ['/assets/en-words.js', '/assets/inter.woff2'], ar: ['/assets/ar-words.js'] },
  signedInWords: { en: ['/assets/en-more.js'], ar: ['/assets/ar-more.js'] },
  screens: [
    { path: '^/login/?$', signedIn: false, files: ['/assets/LoginRoute.js'] },
    {
      path: '^/(dashboard/?)?$',
      signedIn: true,
      files: ['/assets/SignedInApp.js', '/assets/DashboardRoute.js'],
    },
  ],
}

/** Runs the inlined script as index.html would: on its own, with nothing imported. */
function runAt(pathname: string) {
  window.history.replaceState(null, '', pathname)
  // The script is the page's own, text the build wrote; evaluating it is the point of the test.
  new Function(firstScreenScript(PLAN))()
  return [...document.head.querySelectorAll('link')].map((link) => ({
    rel: link.rel,
    href: link.getAttribute('href'),
    as: link.getAttribute('as'),
  }))
}

afterEach(() => {
  document.head.innerHTML = ''
  localStorage.clear()
  vi.restoreAllMocks()
})

describe("index.html's first script preloads the first screen (issue 17)", () => {
  it("asks for the sign-in screen's chunks, its words and its font at once", () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB'])
    expect(runAt('/login')).toEqual([
      { rel: 'modulepreload', href: '/assets/en-words.js', as: null },
      { rel: 'preload', href: '/assets/inter.woff2', as: 'font' },
      { rel: 'modulepreload', href: '/assets/LoginRoute.js', as: null },
    ])
  })

  it('follows the stored language over the browser', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB'])
    localStorage.setItem('manzil.language', 'ar')
    expect(runAt('/login').map((link) => link.href)).toEqual(['/assets/ar-words.js', '/assets/LoginRoute.js'])
  })

  it('preloads a signed-in screen only for a browser that signed in before', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ar-SA'])
    expect(runAt('/').map((link) => link.href)).toEqual(['/assets/ar-words.js'])
    document.head.innerHTML = ''
    localStorage.setItem('manzil.signedIn', '1')
    expect(runAt('/').map((link) => link.href)).toEqual([
      '/assets/ar-words.js',
      '/assets/SignedInApp.js',
      '/assets/DashboardRoute.js',
      '/assets/ar-more.js',
    ])
  })
})
