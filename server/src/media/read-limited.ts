import type { Readable } from 'node:stream';

export class TooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`Upload exceeds ${limit} bytes`);
  }
}

/**
 * Reads a stream into memory, refusing as soon as it passes `limit` bytes (the rest is not
 * read). `inspect` sees the first `headBytes` bytes (or the whole stream, when shorter) as
 * soon as they have arrived, however the network split them, so the content type can be
 * judged before the rest is read. With `into` (at least `limit` bytes long), the bytes are
 * gathered there and a view of it is returned, instead of a new buffer.
 */
export async function readLimited(
  stream: Readable,
  limit: number,
  inspect?: (head: Buffer) => void,
  headBytes = 16,
  into?: Buffer,
): Promise<Buffer> {
  if (into && into.length < limit) throw new Error(`a buffer of ${into.length} bytes cannot hold ${limit}`);
  const chunks: Buffer[] = [];
  let total = 0;
  let inspected = !inspect;
  try {
    for await (const chunk of stream) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      if (total + buffer.length > limit) throw new TooLargeError(limit);
      if (into) buffer.copy(into, total);
      else chunks.push(buffer);
      total += buffer.length;
      if (!inspected && total >= headBytes) {
        inspected = true;
        inspect!((into ?? Buffer.concat(chunks, total)).subarray(0, headBytes));
      }
    }
  } catch (error) {
    stream.destroy();
    throw error;
  }
  const body = into ? into.subarray(0, total) : Buffer.concat(chunks, total);
  if (!inspected) inspect!(body);
  return body;
}
