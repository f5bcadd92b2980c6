import { createHash } from 'node:crypto'

/**
 * Properties the feed's reader never reads, which say only when the export was written. Airbnb
 * stamps DTSTAMP anew at every download, and most platforms send no validators, so hashed with
 * the rest they made every fetch of an unchanged feed look new (a parse and a store each time).
 * Dropping them keeps the digest to what the feed says: see docs/decisions.md "An unchanged
 * feed is known by what it says".
 */
const WRITTEN_AT = ['DTSTAMP', 'LAST-MODIFIED', 'CREATED', 'SEQUENCE']
/** One of them at a line's start (after its newline), up to the `:` or `;` that ends its name. */
const WRITTEN_AT_LINE = new RegExp(`\\n(?:${WRITTEN_AT.join('|')})[:;]`, 'gi')
const WRITTEN_AT_START = new RegExp(`^(?:${WRITTEN_AT.join('|')})[:;]`, 'i')
/** The bytes that decide a line: the longest name and the `:` or `;` after it. */
const DECIDING = Math.max(...WRITTEN_AT.map((name) => name.length)) + 1
const LF = 0x0a
const SPACE = 0x20
const TAB = 0x09
const NONE = Buffer.alloc(0)

const continues = (byte: number | undefined) => byte === SPACE || byte === TAB

/**
 * Where a left-out property ends, given the newline `lf` that ends its first line: after its
 * last folded continuation's newline. -1: the chunk ends inside a continuation; the chunk's
 * length: it ends right after a newline, and the next chunk may yet continue it.
 */
function endOfProperty(chunk: Buffer, lf: number): number {
  let end = lf
  for (;;) {
    if (end + 1 >= chunk.length) return chunk.length
    if (!continues(chunk[end + 1])) return end + 1
    end = chunk.indexOf(LF, end + 1)
    if (end === -1) return -1
  }
}

/**
 * SHA-256 of a feed's bytes without its lines that say when it was written (and their folded
 * continuations), taken chunk by chunk as the body arrives. The lines left out are found by one
 * native search a chunk, and the kept bytes between them are hashed together, so no step costs
 * more than one chunk's work. Dropping a line only ever spares a parse: a line the search does
 * not recognise (bytes not ASCII-compatible, say) is hashed, and the feed read as changed.
 */
export class FeedDigest {
  private readonly hash = createHash('sha256')
  /** Where the last chunk ended: at a line's start, inside a kept line, or inside one left out. */
  private mode: 'lineStart' | 'keeping' | 'dropping' = 'lineStart'
  /** At a line's start: the bytes of it that earlier chunks brought, too few to judge it. */
  private head = NONE
  /** Whether the last property was left out: a folded continuation goes with it. */
  private propertyDropped = false
  /** The current chunk's kept bytes from here on are not hashed yet. */
  private pendingFrom = 0

  update(chunk: Buffer): void {
    const at = this.enter(chunk)
    if (at !== null) this.scan(chunk, at)
  }

  /** The hex digest; the last line may end without a newline. */
  digest(): string {
    if (this.mode === 'lineStart' && this.head.length > 0 && !this.drops(this.head))
      this.hash.update(this.head)
    return this.hash.digest('hex')
  }

  /**
   * Finishes the line the chunk begins in: the index of the first line start after it, or null
   * when the chunk is spent (its state kept for the next one).
   */
  private enter(chunk: Buffer): number | null {
    if (this.mode === 'lineStart') {
      const wanted = DECIDING - this.head.length
      let end = 0
      while (end < chunk.length && end < wanted && chunk[end] !== LF) end++
      const head = Buffer.concat([this.head, chunk.subarray(0, end)])
      if (end === chunk.length && end < wanted) {
        this.head = head
        return null
      }
      this.head = NONE
      if (this.drops(head)) {
        this.mode = 'dropping'
        return this.leaveDropped(chunk, chunk.indexOf(LF, end))
      }
      this.hash.update(head.subarray(0, head.length - end))
      this.mode = 'keeping'
    }
    const lf = chunk.indexOf(LF)
    if (this.mode === 'dropping') return this.leaveDropped(chunk, lf)
    if (lf === -1) {
      this.hash.update(chunk)
      return null
    }
    // The kept line's end is hashed with the rest of the chunk's kept bytes.
    this.propertyDropped = false
    this.mode = 'lineStart'
    this.pendingFrom = 0
    return lf + 1
  }

  /** Past a left-out property whose current line ends at `lf` (-1: not in this chunk). */
  private leaveDropped(chunk: Buffer, lf: number): number | null {
    const end = lf === -1 ? -1 : endOfProperty(chunk, lf)
    if (end === -1) return null
    this.propertyDropped = true
    this.mode = 'lineStart'
    if (end === chunk.length) return null
    this.pendingFrom = end
    return end
  }

  /**
   * From `at`, a line's start after a newline, to the chunk's end. The kept runs are gathered as
   * slices of the chunk's latin1 text (which maps each byte to one character and back) and hashed
   * in one call: a call into the hash for each run cost more than the hashing itself.
   */
  private scan(chunk: Buffer, at: number) {
    const text = chunk.toString('latin1')
    const last = text.lastIndexOf('\n')
    let kept = ''
    WRITTEN_AT_LINE.lastIndex = at - 1
    for (let found = WRITTEN_AT_LINE.exec(text); found; found = WRITTEN_AT_LINE.exec(text)) {
      const lf = found.index
      kept += text.slice(this.pendingFrom, lf + 1)
      this.mode = 'dropping'
      const end = this.leaveDropped(chunk, text.indexOf('\n', lf + 1))
      if (end === null) {
        this.hash.update(kept, 'latin1')
        return
      }
      WRITTEN_AT_LINE.lastIndex = end - 1
    }
    this.propertyDropped = false
    // An unfinished last line too short to judge (and not left out) is judged with the next
    // chunk's bytes.
    if (last + 1 < chunk.length && chunk.length - (last + 1) < DECIDING) {
      kept += text.slice(this.pendingFrom, last + 1)
      this.head = Buffer.from(chunk.subarray(last + 1))
      this.mode = 'lineStart'
    } else {
      kept += text.slice(this.pendingFrom)
      this.mode = last === chunk.length - 1 ? 'lineStart' : 'keeping'
    }
    this.hash.update(kept, 'latin1')
  }

  /** Whether a line whose first bytes (at most DECIDING) are `head` is left out. */
  private drops(head: Buffer): boolean {
    if (continues(head[0])) return this.propertyDropped
    this.propertyDropped = WRITTEN_AT_START.test(head.toString('latin1'))
    return this.propertyDropped
  }
}
