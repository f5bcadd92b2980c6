import fs from 'node:fs'
import vm from 'node:vm'
import ts from 'typescript'
import { describe, expect, it, vi } from 'vitest'

const ORIGIN = 'https://manzil.example'

type Handler = (event: unknown) => void
type FakeWindow = { url: string; focus: ReturnType<typeof vi.fn>; navigate: ReturnType<typeof vi.fn> }

/**
 * The service worker as the build writes it (TypeScript stripped, no module system), run in a
 * scope of its own with the browser's parts it uses replaced by fakes; its listeners by event.
 */
function loadWorker(windows: FakeWindow[] = []) {
  const source = fs.readFileSync('src/pwa/serviceWorker.ts', 'utf8')
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.None },
  })
  const listeners = new Map<string, Handler>()
  const shown: { title: string; options: NotificationOptions }[] = []
  const openWindow = vi.fn(async () => null)
  const self = {
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, handler: Handler) => listeners.set(type, handler),
    registration: {
      showNotification: async (title: string, options: NotificationOptions) =>
        void shown.push({ title, options }),
    },
    clients: { matchAll: async () => windows, openWindow },
  }
  vm.runInNewContext(`const PRECACHE = []; const VERSION = 'test';\n${outputText}`, {
    self,
    URL,
    JSON,
    String,
  })
  /** Runs a listener with an event whose waitUntil work is awaited. */
  async function dispatch(type: string, fields: object) {
    const work: Promise<unknown>[] = []
    listeners.get(type)!({ ...fields, waitUntil: (promise: Promise<unknown>) => work.push(promise) })
    await Promise.all(work)
  }
  return { dispatch, shown, openWindow }
}

const pushed = (value: unknown) => ({
  data: { json: () => (typeof value === 'string' ? JSON.parse(value) : value) },
})
const aWindow = (url: string): FakeWindow => {
  const window: FakeWindow = { url, focus: vi.fn(), navigate: vi.fn(async () => window) }
  window.focus.mockImplementation(async () => window)
  return window
}

describe('the service worker’s pushed notices', () => {
  it('shows the notice, one per stay, and keeps where it leads', async () => {
    const worker = loadWorker()
    await worker.dispatch(
      'push',
      pushed({
        title: 'Double booking at Palm Loft',
        body: '3 nights',
        url: '/calendar?stay=abc',
        tag: 'stay-abc',
      }),
    )
    expect(worker.shown).toEqual([
      {
        title: 'Double booking at Palm Loft',
        options: expect.objectContaining({
          body: '3 nights',
          tag: 'stay-abc',
          data: { url: `${ORIGIN}/calendar?stay=abc` },
        }),
      },
    ])
  })

  it('never leads to another site, and shows a message it cannot read as the app’s name', async () => {
    const worker = loadWorker()
    await worker.dispatch('push', pushed({ title: 'Hi', body: '', url: 'https://evil.example/x', tag: '' }))
    await worker.dispatch('push', { data: { json: () => JSON.parse('not json') } })
    expect(worker.shown.map(({ title, options }) => [title, (options.data as { url: string }).url])).toEqual([
      ['Hi', `${ORIGIN}/`],
      ['Manzil', `${ORIGIN}/`],
    ])
  })

  it('opens the stay in the app’s open window, focused, or in a new one', async () => {
    const open = aWindow(`${ORIGIN}/dashboard`)
    const other = aWindow('https://elsewhere.example/')
    const worker = loadWorker([other, open])
    const notification = { close: vi.fn(), data: { url: `${ORIGIN}/calendar?stay=abc` } }
    await worker.dispatch('notificationclick', { notification })
    expect(notification.close).toHaveBeenCalled()
    expect(open.focus).toHaveBeenCalled()
    expect(open.navigate).toHaveBeenCalledWith(`${ORIGIN}/calendar?stay=abc`)
    expect(other.focus).not.toHaveBeenCalled()
    expect(worker.openWindow).not.toHaveBeenCalled()

    const closed = loadWorker([])
    await closed.dispatch('notificationclick', { notification })
    expect(closed.openWindow).toHaveBeenCalledWith(`${ORIGIN}/calendar?stay=abc`)
  })
})
