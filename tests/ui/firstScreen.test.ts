import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { FirstScreenPlan } from '../../src/boot/firstScreen.ts'
import { firstScreenScript, INTL_WARMUP } from '../../scripts/viteFirstScreen.ts'
import { EARLY_RESPONSES_KEY, takeEarlyResponse } from '../../src/boot/earlyResponses.ts'
import { fillRequest } from '../../src/boot/firstScreen.ts'
import { thisMonthsWindow } from '../../src/features/bookings/bookingKeys.ts'
import { thisMonth } from '../../src/domain/dateRange.ts'
import { localToday } from '../../src/domain/dates.ts'
import { PREFETCHED_FRESH_MS } from '../../src/common/prefetched.ts'

const PLAN: FirstScreenPlan = {
  languageKey: 'manzil.language',
  sessionHintKey: 'manzil.signedIn',
  languages: ['en', 'ar'],
  rightToLeft: ['ar'],
  defaultLanguage: 'en',
  everyPage: { en: ['/assets/en-words.js', '/assets/inter.woff2'], ar: ['/assets/ar-words.js'] },
  signedInWords: { en: ['/assets/en-more.js'], ar: ['/assets/ar-more.js'] },
  earlyResponsesKey: EARLY_RESPONSES_KEY,
  requestTimeoutMs: 100_000,
  intlWarmup: { script: '/assets/intl-warmup.js', locales: { en: 'en-GB', ar: 'ar-SA-u-ca-gregory' } },
  screens: [
    {
      name: '/login',
      path: '^/login/?$',
      signedIn: false,
      prerendered: true,
      files: ['/assets/LoginRoute.js'],
      requests: [],
    },
    {
      name: '/dashboard',
      path: '^/(dashboard/?)?$',
      signedIn: true,
      prerendered: false,
      files: ['/assets/SignedInApp.js', '/assets/DashboardRoute.js'],
      requests: ['/api/user/profile', '/api/dashboard/statistics?{thisMonth}'],
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

beforeEach(() => {
  // No server behind this page: the calls a signed-in first screen sends are answered here.
  vi.spyOn(window, 'fetch').mockImplementation(() => Promise.resolve(new Response('{}')))
})

afterEach(() => {
  vi.unstubAllGlobals()
  document.head.innerHTML = ''
  document.documentElement.removeAttribute('data-first-screen')
  localStorage.clear()
  vi.restoreAllMocks()
})

describe("index.html's first script preloads the first screen", () => {
  it("asks for the sign-in screen's words and chunks, then its font", () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB'])
    expect(runAt('/login')).toEqual([
      { rel: 'modulepreload', href: '/assets/en-words.js', as: null },
      { rel: 'modulepreload', href: '/assets/LoginRoute.js', as: null },
      { rel: 'preload', href: '/assets/inter.woff2', as: 'font' },
    ])
  })

  it("sends a signed-in screen's calls before it asks for the fonts: text can wait for a face, not for its data", () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB'])
    localStorage.setItem('manzil.signedIn', '1')
    const preloadedAtEachCall: string[][] = []
    vi.spyOn(window, 'fetch').mockImplementation(() => {
      preloadedAtEachCall.push([...document.head.querySelectorAll('link')].map((link) => link.href))
      return Promise.resolve(new Response('{}'))
    })
    const links = runAt('/dashboard').map((link) => link.href)
    expect(links.at(-1)).toBe('/assets/inter.woff2')
    expect(preloadedAtEachCall).toHaveLength(2)
    for (const preloaded of preloadedAtEachCall) {
      expect(preloaded.some((href) => href.endsWith('/assets/DashboardRoute.js'))).toBe(true)
      expect(preloaded.some((href) => href.endsWith('.woff2'))).toBe(false)
    }
  })

  it('sets the language and its direction on the document before anything paints', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ar-SA'])
    runAt('/login')
    expect([document.documentElement.lang, document.documentElement.dir]).toEqual(['ar', 'rtl'])
    localStorage.setItem('manzil.language', 'en')
    runAt('/login')
    expect([document.documentElement.lang, document.documentElement.dir]).toEqual(['en', 'ltr'])
  })

  it('names the prerendered sign-in screen for the page to show, unless the visitor is about to leave it', () => {
    runAt('/login')
    expect(document.documentElement.getAttribute('data-first-screen')).toBe('/login')
    document.documentElement.removeAttribute('data-first-screen')
    runAt('/registration')
    expect(document.documentElement.getAttribute('data-first-screen')).toBeNull()
    // Signed in on this browser: /login sends the visitor on to the dashboard.
    localStorage.setItem('manzil.signedIn', '1')
    runAt('/login')
    expect(document.documentElement.getAttribute('data-first-screen')).toBeNull()
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
    // The words first: the first render waits for them as it does for the code.
    expect(runAt('/').map((link) => link.href)).toEqual([
      '/assets/ar-words.js',
      '/assets/ar-more.js',
      '/assets/SignedInApp.js',
      '/assets/DashboardRoute.js',
    ])
  })

  it("sends a signed-in screen's first calls as the API client would, for the app to take once", async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ar-SA'])
    localStorage.setItem('manzil.signedIn', '1')
    const answers = new Map<string, Response>()
    const fetch = vi.spyOn(window, 'fetch').mockImplementation((input) => {
      const answer = new Response(JSON.stringify({ url: String(input) }))
      answers.set(String(input), answer)
      return Promise.resolve(answer)
    })
    runAt('/dashboard')
    const { start, end } = thisMonth()
    const statistics = `/api/dashboard/statistics?start=${start}&end=${end}`
    expect(fetch.mock.calls.map(([url, init]) => [url, init?.credentials, init?.headers])).toEqual(
      ['/api/user/profile', statistics].map((url) => [
        url,
        'same-origin',
        { accept: 'application/json', 'accept-language': 'ar' },
      ]),
    )
    expect(await takeEarlyResponse(statistics)).toBe(answers.get(statistics))
    // Once: a second call for the same data goes to the server.
    expect(takeEarlyResponse(statistics)).toBeUndefined()
    expect(takeEarlyResponse('/api/dashboard/statistics/monthly')).toBeUndefined()
  })

  it('leaves the default period out when the address names one: the app asks for that one', () => {
    localStorage.setItem('manzil.signedIn', '1')
    runAt('/dashboard?start=2026-02-01&end=2026-02-28')
    expect(vi.mocked(window.fetch).mock.calls.map(([url]) => url)).toEqual(['/api/user/profile'])
  })

  it("fills in this month as the dashboard's own default period, in the browser's time zone", () => {
    for (const now of ['2026-01-31T23:59', '2026-02-01T00:00', '2028-02-10T12:00', '2026-12-31T23:59']) {
      const { start, end } = thisMonth(localToday(new Date(now)))
      expect(fillRequest('/statistics?{thisMonth}', new Date(now))).toBe(
        `/statistics?start=${start}&end=${end}`,
      )
    }
  })

  it("fills in this month's window as the calendar feed's, as the app asks for it", () => {
    for (const now of ['2026-01-31T23:59', '2026-03-01T00:00', '2026-12-31T23:59']) {
      const { from, to } = thisMonthsWindow(localToday(new Date(now)))
      expect(fillRequest('/feed?{feedWindow}', new Date(now))).toBe(`/feed?from=${from}&to=${to}`)
    }
    expect(fillRequest('/feed?{feedWindow}', new Date('2026-03-15T12:00'))).toBe(
      '/feed?from=2026-02-22&to=2026-04-08',
    )
  })

  it('sends nothing for a sign-in screen, nor for a signed-in one without a session', () => {
    const fetch = vi.spyOn(window, 'fetch')
    runAt('/login')
    runAt('/')
    expect(fetch).not.toHaveBeenCalled()
    expect(takeEarlyResponse('/api/user/profile')).toBeUndefined()
  })

  it('leaves to the server a call first asked for after the first screen, its early answer being stale', () => {
    localStorage.setItem('manzil.signedIn', '1')
    runAt('/')
    vi.spyOn(performance, 'now').mockReturnValue(PREFETCHED_FRESH_MS + 1)
    expect(takeEarlyResponse('/api/user/profile')).toBeUndefined()
  })

  it("starts the worker that loads Intl's data in the page's locale for a signed-in screen, and for no other", () => {
    const started: { script: string; options: unknown; posted: unknown[] }[] = []
    vi.stubGlobal(
      'Worker',
      class {
        posted: unknown[] = []
        constructor(script: string, options: unknown) {
          started.push({ script, options, posted: this.posted })
        }
        postMessage(message: unknown) {
          this.posted.push(message)
        }
      },
    )
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ar-SA'])
    runAt('/login')
    runAt('/calendar')
    expect(started).toEqual([])
    localStorage.setItem('manzil.signedIn', '1')
    runAt('/dashboard')
    expect(started).toEqual([
      { script: '/assets/intl-warmup.js', options: { type: 'module' }, posted: ['ar-SA-u-ca-gregory'] },
    ])
  })

  it('preloads the same when no worker can be started', () => {
    localStorage.setItem('manzil.signedIn', '1')
    vi.stubGlobal(
      'Worker',
      class {
        postMessage() {}
      },
    )
    const withWorker = runAt('/dashboard')
    document.head.innerHTML = ''
    vi.stubGlobal(
      'Worker',
      class {
        constructor() {
          throw new DOMException('refused', 'SecurityError')
        }
      },
    )
    expect(runAt('/dashboard')).toEqual(withWorker)
    expect(withWorker.at(-1)?.href).toBe('/assets/inter.woff2')
  })

  it("has a worker script that stands alone, builds the locale's formatters and closes", () => {
    const worker: { onmessage?: (event: { data: string }) => void; close: () => void } = { close: vi.fn() }
    const { DateTimeFormat } = Intl
    const locales: unknown[] = []
    vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (
      locale?: Intl.LocalesArgument,
      options?: Intl.DateTimeFormatOptions,
    ) {
      locales.push(locale)
      return new DateTimeFormat(locale, options)
    })
    // The worker's whole script, as the build writes it: nothing it needs may come from elsewhere.
    new Function('self', INTL_WARMUP.source)(worker)
    expect(worker.close).not.toHaveBeenCalled()
    worker.onmessage!({ data: 'ar-SA-u-ca-gregory' })
    expect(locales).toEqual(['ar-SA-u-ca-gregory'])
    expect(worker.close).toHaveBeenCalledOnce()
  })
})
