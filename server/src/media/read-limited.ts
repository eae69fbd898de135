import type { Readable } from 'node:stream';

export class TooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`Upload exceeds ${limit} bytes`);
  }
}

/**
 * Reads a stream into memory, refusing as soon as it passes `limit` bytes (the rest is not
 * read). `inspect` sees the first chunk, so the content type can be judged before the rest.
 */
export async function readLimited(
  stream: Readable,
  limit: number,
  inspect?: (head: Buffer) => void,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of stream) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      if (total === 0 && inspect) inspect(buffer);
      total += buffer.length;
      if (total > limit) throw new TooLargeError(limit);
      chunks.push(buffer);
    }
  } catch (error) {
    stream.destroy();
    throw error;
  }
  if (total === 0 && inspect) inspect(Buffer.alloc(0));
  return Buffer.concat(chunks, total);
}
