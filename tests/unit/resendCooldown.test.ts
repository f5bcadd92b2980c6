import { describe, expect, it } from 'vitest'
import { formatWait, RESEND_COOLDOWN_MS } from '../../src/domain/code.ts'
import { DEFAULT_RATE_LIMITS } from '../../server/auth/rateLimits.ts'

describe('the resend cooldown', () => {
  it("spaces mails so that the server's per-address mail limit is never met", () => {
    const { max, windowMs } = DEFAULT_RATE_LIMITS.mailPerAddress
    expect(RESEND_COOLDOWN_MS).toBe(windowMs / max)
  })

  it('shows the wait as minutes and seconds', () => {
    expect(formatWait(180)).toBe('3:00')
    expect(formatWait(42)).toBe('0:42')
    expect(formatWait(65)).toBe('1:05')
  })
})
