import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../server/config.ts'

const trustProxyOf = (value: string | undefined) =>
  loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy

describe('TRUST_PROXY', () => {
  it('believes no proxy when unset, empty or false', () => {
    expect(trustProxyOf(undefined)).toBe(false)
    expect(trustProxyOf('')).toBe(false)
    expect(trustProxyOf('false')).toBe(false)
    expect(trustProxyOf(' FALSE ')).toBe(false)
  })

  it('believes every hop when true', () => {
    expect(trustProxyOf('true')).toBe(true)
    expect(trustProxyOf('True')).toBe(true)
  })

  it('reads a whole number as a hop count', () => {
    expect(trustProxyOf('1')).toBe(1)
    expect(trustProxyOf(' 2 ')).toBe(2)
  })

  it('reads a comma list of addresses, CIDR blocks and named ranges', () => {
    expect(trustProxyOf('127.0.0.1')).toEqual(['127.0.0.1'])
    expect(trustProxyOf('127.0.0.1, 10.0.0.0/8,::1, fd00::/8')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
    ])
    expect(trustProxyOf('loopback,uniquelocal')).toEqual(['loopback', 'uniquelocal'])
  })

  it('refuses a hop count of none, or of more proxies than a deployment has', () => {
    expect(() => trustProxyOf('0')).toThrow(ConfigError)
    expect(() => trustProxyOf('0')).toThrow('TRUST_PROXY as a hop count must be between 1 and 10, got 0')
    expect(() => trustProxyOf('11')).toThrow('between 1 and 10, got 11')
  })

  it.each([
    'yes',
    '-1',
    '1.5',
    '127.0.0.1,',
    'nginx.internal',
    '10.0.0.0/33',
    '::1/129',
    '10.0.0.0/8/8',
    '10.0.0.0/',
    '300.1.1.1',
  ])('refuses %j at start, saying what it accepts', (value) => {
    expect(() => trustProxyOf(value)).toThrow(ConfigError)
    expect(() => trustProxyOf(value)).toThrow(
      'TRUST_PROXY must be false, true, a hop count, or a comma list of proxy addresses and CIDRs',
    )
  })

  it('names the entry it refused in a list', () => {
    expect(() => trustProxyOf('127.0.0.1, nginx.internal')).toThrow('"nginx.internal" is none of these')
  })
})
