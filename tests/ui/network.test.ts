import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

// src/pwa/useOnline.ts remembers whether its page has had a network since it loaded, so each
// test loads it afresh, with the network it finds then.
afterEach(() => vi.restoreAllMocks())

/** The browser says it is online or not, and tells the page as it does. */
function setOnline(online: boolean) {
  vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(online)
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')))
}

/** useNetwork from a module loaded now, on a page that loaded with or without a network. */
async function loadedWith(online: boolean) {
  vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(online)
  vi.resetModules()
  const { useNetwork } = await import('../../src/pwa/useOnline.ts')
  return renderHook(() => useNetwork()).result
}

describe('the network as the app sees it', () => {
  it('is "dropped", not "none", when it goes after the page had it, and "online" again after', async () => {
    const result = await loadedWith(true)
    expect(result.current).toBe('online')
    setOnline(false)
    expect(result.current).toBe('dropped')
    setOnline(true)
    expect(result.current).toBe('online')
  })

  it('is "none" on a page that loaded without it, until it comes', async () => {
    const result = await loadedWith(false)
    expect(result.current).toBe('none')
    setOnline(true)
    expect(result.current).toBe('online')
    setOnline(false)
    expect(result.current).toBe('dropped')
  })
})
