import { afterEach, beforeEach, vi } from 'vitest'
import { cleanup } from '@testing-library/react'

// happy-dom's browser reads en-US; the tests' dates are written the en-GB way, the app's own
// default (a test of another English reader's dates says its own languages).
Object.defineProperty(navigator, 'languages', { configurable: true, get: () => ['en-GB', 'en'] })

// A call a test does not answer itself fails at once, as a request to a server that is not there
// would: happy-dom's own fetch would try the network (localhost:3000) and print the refusal.
beforeEach(() => {
  vi.stubGlobal('fetch', (input: RequestInfo | URL) =>
    Promise.reject(new TypeError(`no server in UI tests: ${String(input)}`)),
  )
})

afterEach(() => {
  cleanup()
  localStorage.clear()
})
