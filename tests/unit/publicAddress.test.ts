import { describe, expect, it } from 'vitest'
import { ipv6Bytes, isPublicAddress } from '../../server/sync/fetch.ts'

const hex = (text: string) => Buffer.from(ipv6Bytes(text)).toString('hex')

describe('IPv6 text to bytes', () => {
  it.each([
    ['::', '00000000000000000000000000000000'],
    ['::1', '00000000000000000000000000000001'],
    ['fe80::', 'fe800000000000000000000000000000'],
    ['2001:db8:0:1:2:3:4:5', '20010db8000000010002000300040005'],
    ['2001:DB8::a:b', '20010db80000000000000000000a000b'],
    ['::ffff:127.0.0.1', '00000000000000000000ffff7f000001'],
    ['64:ff9b::8.8.8.8', '0064ff9b000000000000000008080808'],
    ['1:2:3:4:5:6:1.2.3.4', '00010002000300040005000601020304'],
  ])('reads %s', (text, bytes) => {
    expect(hex(text)).toBe(bytes)
  })
})

describe('public addresses', () => {
  const refused: Array<[string, string]> = [
    ['IPv4-compatible loopback', '::7f00:1'],
    ['IPv4-compatible loopback as a dotted quad', '::127.0.0.1'],
    ['IPv4-compatible private', '::a00:1'],
    ['the unspecified address', '::'],
    ['IPv6 loopback', '::1'],
    ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
    ['IPv4-mapped loopback in hex', '::ffff:7f00:1'],
    ['IPv4-translated loopback', '::ffff:0:7f00:1'],
    ['IPv4-translated cloud metadata', '::ffff:0:169.254.169.254'],
    ['NAT64 of loopback', '64:ff9b::7f00:1'],
    ['NAT64 of a private address', '64:ff9b::192.168.1.1'],
    ['local-use NAT64', '64:ff9b:1::808:808'],
    ['6to4 of loopback', '2002:7f00:1::'],
    ['6to4 of a private address', '2002:a00:1::1'],
    ['Teredo', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
    ['unique-local', 'fd00:ec2::254'],
    ['link-local', 'fe80::1'],
    ['link-local with a zone id', 'fe80::1%eth0'],
    ['multicast', 'ff02::1'],
    ['documentation', '2001:db8::1'],
  ]
  it.each(refused)('refuses %s (%s)', (_, address) => {
    expect(isPublicAddress(address)).toBe(false)
  })

  const allowed: Array<[string, string]> = [
    ['a public IPv6 address', '2606:4700:4700::1111'],
    ['IPv4-compatible public', '::808:808'],
    ['IPv4-mapped public', '::ffff:8.8.8.8'],
    ['IPv4-translated public', '::ffff:0:808:808'],
    ['NAT64 of a public address', '64:ff9b::808:808'],
    ['NAT64 of a public address as a dotted quad', '64:ff9b::1.1.1.1'],
    ['6to4 of a public address', '2002:808:808::1'],
  ]
  it.each(allowed)('allows %s (%s)', (_, address) => {
    expect(isPublicAddress(address)).toBe(true)
  })
})
