import { randomFillSync } from 'node:crypto'

const pool = Buffer.alloc(16 * 256)
let next = pool.length
let lastMs = -1
let sequence = 0

/**
 * A UUID version 7 (RFC 9562): 48 bits of Unix milliseconds, a 12-bit sequence within the
 * millisecond, then 62 random bits. Rows keyed by these land at the end of their primary-key
 * index instead of on a random page of it, so a sync that inserts thousands of bookings writes a
 * few index pages per feed, not one per booking.
 */
export function timeOrderedId(now = Date.now()): string {
  if (next === pool.length) {
    randomFillSync(pool)
    next = 0
  }
  const bytes = Buffer.from(pool.subarray(next, next + 16))
  next += 16
  bytes.writeUIntBE(now, 0, 6)
  // RFC 9562 method 1: ids of the same millisecond count up in rand_a, so rows written in one
  // millisecond (an audit trail, a feed's bookings) still sort in the order they were made.
  sequence = now === lastMs ? sequence + 1 : 0
  lastMs = now
  if (sequence <= 0xfff) bytes.writeUInt16BE(sequence, 6)
  bytes[6] = 0x70 | (bytes[6]! & 0x0f)
  bytes[8] = 0x80 | (bytes[8]! & 0x3f)
  const hex = bytes.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
