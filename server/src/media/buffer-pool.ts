/**
 * Large buffers used again from one upload to the next, instead of a new one each time.
 *
 * A phone's photo is 2-4 MB. Allocated afresh for every order, those bytes are memory outside
 * V8's heap that V8 must count and collect: at a dozen photos a second they set off a full
 * (mark-compact) collection every few orders, which costs more CPU than anything the shop does
 * with the order but decoding the picture. A buffer taken from here is wiped when it is given
 * back, so no child's photo stays in the pool.
 */
export class BufferPool {
  private readonly free: Buffer[] = [];

  /** Buffers of `size` bytes; at most `keep` are held while nobody uses them. */
  constructor(
    readonly size: number,
    readonly keep: number,
  ) {
    if (!Number.isInteger(size) || size < 1) throw new Error(`size must be a positive integer, got ${size}`);
    if (!Number.isInteger(keep) || keep < 0) throw new Error(`keep must be a whole number, got ${keep}`);
  }

  /** Buffers held for the next user. */
  get idle(): number {
    return this.free.length;
  }

  /** A buffer of `size` bytes: a free one when there is one, else a new one. */
  take(): Buffer {
    return this.free.pop() ?? Buffer.allocUnsafeSlow(this.size);
  }

  /** Wipes the first `used` bytes of `buffer` (all of it by default) and keeps it while the pool has room. */
  give(buffer: Buffer, used = buffer.length): void {
    if (buffer.length !== this.size) throw new Error(`a buffer of ${buffer.length} bytes is not this pool's`);
    buffer.fill(0, 0, Math.min(used, buffer.length));
    if (this.free.length < this.keep) this.free.push(buffer);
  }
}
