import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import { App } from '../../src/routes/App.tsx'
import { SESSION_HINT_KEY } from '../../src/common/sessionHint.ts'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  window.history.replaceState(null, '', '/')
})

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/** A server with nobody signed in: every profile request is a 401. Returns the paths asked for. */
function signedOutServer() {
  const paths: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(typeof input === 'string' ? input : input.toString(), window.location.origin)
      paths.push(url.pathname)
      return url.pathname === '/api/user/profile' ? json(401, { message: 'Unauthorized' }) : json(200, {})
    }),
  )
  return paths
}

/** Texts on the page that read like a translation key ("header.language"), not like words. */
function textsLikeKeys(): string[] {
  const texts: string[] = []
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim() ?? ''
    if (/^[a-z][a-zA-Z]*(\.[a-zA-Z0-9]+)+:?$/.test(text)) texts.push(text)
  }
  return texts
}

async function openAt(path: string) {
  window.history.replaceState(null, '', path)
  render(<App />)
}

describe('signed-out pages do not ask for the profile', () => {
  it.each(['/login', '/registration', '/forgot-password'])(
    '%s makes no profile request and logs no session warning',
    async (path) => {
      const paths = signedOutServer()
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
      await openAt(path)
      await screen.findAllByRole('button', undefined, { timeout: 5000 })
      // Give any stray query its chance to start.
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(paths).not.toContain('/api/user/profile')
      expect(warn).not.toHaveBeenCalled()
      // These pages load only the public part of the words; none may show a bare key.
      expect(textsLikeKeys()).toEqual([])
    },
  )

  it('a browser that signed in before still checks its session on /login', async () => {
    localStorage.setItem(SESSION_HINT_KEY, '1')
    const paths = signedOutServer()
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    await openAt('/login')
    await waitFor(() => expect(paths).toContain('/api/user/profile'))
    // The 401 forgets the hint: the next public page asks nothing.
    await waitFor(() => expect(localStorage.getItem(SESSION_HINT_KEY)).toBeNull())
  })
})
