import type { Account } from '../e2e/server.ts'

/** Signs in through the real route (rate limited: use it for a handful of accounts) and returns the Cookie header. */
export async function signInOver(url: string, account: Account): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(account),
  })
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`)
  const cookie = response.headers.getSetCookie().find((header) => header.startsWith('manzil_session='))
  if (!cookie) throw new Error('sign-in set no session cookie')
  return cookie.split(';')[0]!
}

/** Polls `check` until it holds; throws after `timeoutMs`. */
export async function until(check: () => Promise<boolean>, timeoutMs: number, intervalMs = 100) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not reached within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
}
