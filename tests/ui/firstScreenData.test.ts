import { afterEach, describe, expect, it, vi } from 'vitest'
import { thisMonth } from '../../src/domain/dateRange.ts'
import { FIRST_SCREENS } from '../../scripts/firstScreens.ts'
import { EARLY_RESPONSES_KEY } from '../../src/boot/earlyResponses.ts'
import { fillRequest } from '../../src/boot/firstScreen.ts'

afterEach(() => {
  vi.restoreAllMocks()
})

/**
 * The signed-in app as a page first loads it (its query cache empty), with every call the API
 * client is asked for spied on, while nothing answers.
 */
async function freshPage() {
  vi.resetModules()
  const [{ api }, { preloadSignedIn }] = await Promise.all([
    import('../../src/actors/api.ts'),
    import('../../src/frame/SignedInApp.tsx'),
  ])
  const pending = () => new Promise<never>(() => undefined)
  const calls = {
    profile: vi.spyOn(api.user, 'profile').mockImplementation(pending),
    statistics: vi.spyOn(api.statistics, 'dashboard').mockImplementation(pending),
    monthly: vi.spyOn(api.statistics, 'monthly').mockImplementation(pending),
    properties: vi.spyOn(api.property, 'list').mockImplementation(pending),
  }
  return { preloadSignedIn, calls }
}

describe('a signed-in first screen asks for its data beside the profile, before it renders', () => {
  it("the dashboard: its period's figures, as its address gives them, the months and the properties", async () => {
    const { preloadSignedIn, calls } = await freshPage()
    // It waits for the code only: nothing has answered, and it has settled.
    await preloadSignedIn('/dashboard', '?start=2026-02-01&end=2026-02-28')
    expect(calls.profile).toHaveBeenCalledOnce()
    expect(calls.statistics).toHaveBeenCalledWith({ start: '2026-02-01', end: '2026-02-28' })
    expect(calls.monthly).toHaveBeenCalledOnce()
    expect(calls.properties).toHaveBeenCalledOnce()
  })

  it("the dashboard at its bare address, or with a period it refuses: this month's figures", async () => {
    for (const search of ['', '?start=2026-02-28&end=2026-02-01']) {
      const { preloadSignedIn, calls } = await freshPage()
      await preloadSignedIn('/', search)
      expect(calls.statistics).toHaveBeenCalledWith(thisMonth())
    }
  })

  it('the calendar: the properties, and no figures', async () => {
    const { preloadSignedIn, calls } = await freshPage()
    await preloadSignedIn('/calendar', '')
    expect(calls.profile).toHaveBeenCalledOnce()
    expect(calls.properties).toHaveBeenCalledOnce()
    expect(calls.statistics).not.toHaveBeenCalled()
    expect(calls.monthly).not.toHaveBeenCalled()
  })

  it('a screen without data of its own: the profile alone', async () => {
    const { preloadSignedIn, calls } = await freshPage()
    await preloadSignedIn('/logs', '')
    expect(calls.profile).toHaveBeenCalledOnce()
    expect(calls.properties).not.toHaveBeenCalled()
  })

  /** An empty answer of the call's shape: a page call reads its items (the grid's first photo). */
  const bodyFor = (url: string) =>
    url.includes('page=') ? JSON.stringify({ items: [], total: 0, page: 1, pageSize: 24 }) : '{}'

  it.each(FIRST_SCREENS.filter((screen) => screen.signedIn))(
    '$name takes every call index.html sent for it, and sends none of them again',
    async ({ name, requests }) => {
      vi.resetModules()
      const early = Object.fromEntries(
        requests.map((url) => [fillRequest(url, new Date()), Promise.resolve(new Response(bodyFor(url)))]),
      )
      Object.defineProperty(window, EARLY_RESPONSES_KEY, { value: early, configurable: true })
      const sent = vi.spyOn(window, 'fetch').mockImplementation(() => new Promise<never>(() => undefined))
      const { preloadSignedIn } = await import('../../src/frame/SignedInApp.tsx')
      await preloadSignedIn(name, '')
      await vi.waitFor(() => expect(Object.keys(early)).toEqual([]))
      const sentUrls = sent.mock.calls.map(([url]) => String(url))
      expect(sentUrls.filter((url) => requests.includes(url))).toEqual([])
    },
  )
})
