/**
 * The common shape of a finished-book upload (the video, the storybook PDF): read just enough
 * of the stream to judge the file by its bytes, then hand back the whole file as a stream with
 * a size cap, so a large file goes to storage without being held in memory.
 */
import { Readable } from 'node:stream';

export interface SniffedUpload<T> {
  type: T;
  /** The whole file, head included; errors with `tooLarge()` past the cap. */
  body: Readable;
  /** Bytes that have passed through `body` so far (the file's size once it has ended). */
  bytesRead(): number;
}

export interface SniffRules<T> {
  maxBytes: number;
  /** How many bytes `sniff` needs to see (fewer if the file is shorter). */
  headBytes: number;
  /** What the file is, from its first bytes; null: not a file this upload takes. */
  sniff(head: Buffer): T | null;
  tooLarge(): Error;
  wrongType(): Error;
}

/** Refuses (throws `wrongType()`) a file `sniff` does not recognise before a byte is stored. */
export async function openSniffed<T>(source: Readable, rules: SniffRules<T>): Promise<SniffedUpload<T>> {
  const chunks = source[Symbol.asyncIterator]() as AsyncIterator<Buffer | Uint8Array | string>;
  let total = 0;
  const take = (chunk: Buffer): Buffer => {
    total += chunk.length;
    if (total > rules.maxBytes) throw rules.tooLarge();
    return chunk;
  };

  const headChunks: Buffer[] = [];
  let headLength = 0;
  let ended = false;
  try {
    while (headLength < rules.headBytes) {
      const next = await chunks.next();
      if (next.done) {
        ended = true;
        break;
      }
      headChunks.push(take(asBuffer(next.value)));
      headLength += next.value.length;
    }
  } catch (error) {
    await chunks.return?.();
    throw error;
  }
  const head = Buffer.concat(headChunks);
  const type = rules.sniff(head);
  if (type === null) {
    await chunks.return?.();
    throw rules.wrongType();
  }

  async function* whole(): AsyncGenerator<Buffer> {
    yield head;
    if (ended) return;
    for (;;) {
      const next = await chunks.next();
      if (next.done) return;
      yield take(asBuffer(next.value));
    }
  }
  const body = Readable.from(whole(), { objectMode: false });
  // Storage giving up, or the file passing the cap, stops (and frees) the upload too.
  body.once('close', () => source.destroy());
  return { type, body, bytesRead: () => total };
}

function asBuffer(chunk: Buffer | Uint8Array | string): Buffer {
  return Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
}
