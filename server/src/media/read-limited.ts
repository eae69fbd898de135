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
 * judged before the rest is read.
 */
export async function readLimited(
  stream: Readable,
  limit: number,
  inspect?: (head: Buffer) => void,
  headBytes = 16,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  let inspected = !inspect;
  try {
    for await (const chunk of stream) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      total += buffer.length;
      if (total > limit) throw new TooLargeError(limit);
      chunks.push(buffer);
      if (!inspected && total >= headBytes) {
        inspected = true;
        inspect!(Buffer.concat(chunks, total).subarray(0, headBytes));
      }
    }
  } catch (error) {
    stream.destroy();
    throw error;
  }
  const body = Buffer.concat(chunks, total);
  if (!inspected) inspect!(body);
  return body;
}
