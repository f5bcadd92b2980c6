import { createHash } from 'node:crypto'

/**
 * Properties the feed's reader never reads, which say only when the export was written. Airbnb
 * stamps DTSTAMP anew at every download, and most platforms send no validators, so hashed with
 * the rest they made every fetch of an unchanged feed look new (a parse and a store each time).
 * Dropping them keeps the digest to what the feed says: see docs/decisions.md "An unchanged
 * feed is known by what it says".
 */
const WRITTEN_AT = ['DTSTAMP', 'LAST-MODIFIED', 'CREATED', 'SEQUENCE'].map((name) => Buffer.from(name))
/** The bytes that decide a line: the longest name and the `:` or `;` after it. */
const DECIDING = Math.max(...WRITTEN_AT.map((name) => name.length)) + 1
const LF = 0x0a
const SPACE = 0x20
const TAB = 0x09
const COLON = 0x3a
const SEMICOLON = 0x3b
const NONE = Buffer.alloc(0)

const upper = (byte: number) => (byte >= 0x61 && byte <= 0x7a ? byte - 0x20 : byte)

/**
 * SHA-256 of a feed's bytes without its lines that say when it was written (and their folded
 * continuations), taken chunk by chunk as the body arrives: a line is judged by its first bytes,
 * and its kept bytes are hashed in runs, so no step costs more than one chunk's work. Bytes that
 * are not ASCII-compatible text simply match no name: the digest is then that of every byte.
 */
export class FeedDigest {
  private readonly hash = createHash('sha256')
  /** At a line's start: the bytes of it read in earlier chunks, too few to judge it. Else null. */
  private head: Buffer | null = NONE
  /** Whether the line being read is left out. */
  private dropping = false
  /** Whether the property the current line belongs to is left out (a continuation follows it). */
  private propertyDropped = false

  update(chunk: Buffer): void {
    let at = 0
    /** Where this chunk's kept bytes, not hashed yet, begin; -1 while a line is left out. */
    let keptFrom = this.head === null && this.dropping ? -1 : 0
    const flush = (to: number) => {
      if (keptFrom !== -1 && to > keptFrom) this.hash.update(chunk.subarray(keptFrom, to))
    }
    while (at < chunk.length) {
      if (this.head === null) {
        const lf = chunk.indexOf(LF, at)
        if (lf === -1) break
        at = lf + 1
        this.head = NONE
        continue
      }
      const carried = this.head
      const wanted = DECIDING - carried.length
      let end = at
      while (end < chunk.length && end - at < wanted && chunk[end] !== LF) end++
      if (end === chunk.length && end - at < wanted) {
        // The chunk ends before the line can be judged: keep its start for the next chunk.
        flush(at)
        this.head = Buffer.concat([carried, chunk.subarray(at)])
        return
      }
      const byteAt = (index: number) =>
        index < carried.length ? carried[index]! : chunk[at + index - carried.length]!
      this.dropping = this.drops(byteAt, carried.length + end - at)
      this.head = null
      if (this.dropping) {
        flush(at)
        keptFrom = -1
      } else if (carried.length > 0) {
        this.hash.update(carried)
        keptFrom = at
      } else if (keptFrom === -1) keptFrom = at
    }
    flush(chunk.length)
  }

  /** The hex digest; the last line may end without a newline. */
  digest(): string {
    const last = this.head
    if (last !== null && last.length > 0 && !this.drops((index) => last[index]!, last.length))
      this.hash.update(last)
    return this.hash.digest('hex')
  }

  /** Whether a line whose first `length` bytes (at most DECIDING) `byteAt` reads is left out. */
  private drops(byteAt: (index: number) => number, length: number): boolean {
    const first = length > 0 ? byteAt(0) : LF
    if (first === SPACE || first === TAB) return this.propertyDropped
    this.propertyDropped = WRITTEN_AT.some((name) => {
      if (length <= name.length) return false
      for (let index = 0; index < name.length; index++) if (upper(byteAt(index)) !== name[index]) return false
      const after = byteAt(name.length)
      return after === COLON || after === SEMICOLON
    })
    return this.propertyDropped
  }
}
