import type { Readable } from 'node:stream';

export class TooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`Upload exceeds ${limit} bytes`);
  }
}

/** What was read of a stream: its chunks as they came, and how many bytes they hold. */
export interface Received {
  chunks: Buffer[];
  length: number;
}

/**
 * Reads a stream into memory, refusing as soon as it passes `limit` bytes (the rest is not
 * read). `inspect` sees the first `headBytes` bytes (or the whole stream, when shorter) as
 * soon as they have arrived, however the network split them, so the content type can be
 * judged before the rest is read. The chunks are kept as they came, not joined.
 */
export async function readChunks(
  stream: Readable,
  limit: number,
  inspect?: (head: Buffer) => void,
  headBytes = 16,
): Promise<Received> {
  const chunks: Buffer[] = [];
  let length = 0;
  let inspected = !inspect;
  try {
    for await (const chunk of stream) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      length += buffer.length;
      if (length > limit) throw new TooLargeError(limit);
      chunks.push(buffer);
      if (!inspected && length >= headBytes) {
        inspected = true;
        inspect!(Buffer.concat(chunks, length).subarray(0, headBytes));
      }
    }
  } catch (error) {
    stream.destroy();
    throw error;
  }
  if (!inspected) inspect!(Buffer.concat(chunks, length));
  return { chunks, length };
}

/** readChunks, joined into one new buffer. */
export async function readLimited(
  stream: Readable,
  limit: number,
  inspect?: (head: Buffer) => void,
  headBytes = 16,
): Promise<Buffer> {
  const { chunks, length } = await readChunks(stream, limit, inspect, headBytes);
  return Buffer.concat(chunks, length);
}

/** The chunks copied one after another into `into`, which must hold them all: a view of them there. */
export function gatherInto({ chunks, length }: Received, into: Buffer): Buffer {
  if (into.length < length) throw new Error(`a buffer of ${into.length} bytes cannot hold ${length}`);
  let offset = 0;
  for (const chunk of chunks) offset += chunk.copy(into, offset);
  return into.subarray(0, length);
}
