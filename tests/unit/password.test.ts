import { describe, expect, it } from 'vitest'
import { checkPassword, isStrongPassword } from '../../src/domain/password.ts'

describe('password rule', () => {
  it('accepts 8+ characters with upper, lower, digit and symbol', () => {
    expect(isStrongPassword('Sunny-Day-42')).toBe(true)
    expect(isStrongPassword('Aa1!aaaa')).toBe(true)
  })

  it.each([
    ['too short', 'Aa1!aaa'],
    ['no digit', 'Aaaa!aaaa'],
    ['no lower-case letter', 'AAAA1!AAA'],
    ['no upper-case letter', 'aaaa1!aaa'],
    ['no symbol', 'Aaaa1aaaa'],
  ])('refuses a password with %s', (_, password) => {
    expect(isStrongPassword(password)).toBe(false)
  })

  it('reports each requirement separately', () => {
    expect(checkPassword('abc')).toEqual({
      length: false,
      digit: false,
      lower: true,
      upper: false,
      symbol: false,
    })
  })
})
