import { expect, it } from 'vitest'
import { describeEachDatabase, type TestContext } from '../server/harness.ts'

/**
 * HSTS and `upgrade-insecure-requests` only when PUBLIC_URL is https. Sent over
 * plain http (http://localhost), they leave a browser that ever saw https on that host unable to
 * reach it.
 */

const answersOf = (ctx: TestContext) =>
  Promise.all([
    ctx.app.inject({ url: '/api/health' }),
    ctx.app.inject({ url: '/api/no/such/route' }),
    ctx.app.inject({ url: '/login' }),
  ])

describeEachDatabase(
  'transport headers over http',
  (ctx) => {
    it('sends neither HSTS nor upgrade-insecure-requests', async () => {
      for (const { headers } of await answersOf(ctx)) {
        expect(headers['strict-transport-security']).toBeUndefined()
        expect(headers['content-security-policy']).toContain("default-src 'self'")
        expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests')
      }
    })
  },
  { env: { PUBLIC_URL: 'http://localhost:3000' } },
)

describeEachDatabase(
  'transport headers over https',
  (ctx) => {
    it('sends HSTS and upgrade-insecure-requests', async () => {
      for (const { headers } of await answersOf(ctx)) {
        expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
        expect(headers['content-security-policy']).toContain('upgrade-insecure-requests')
      }
    })
  },
  { env: { PUBLIC_URL: 'https://manzil.example' } },
)
