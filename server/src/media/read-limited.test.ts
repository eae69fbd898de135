import { Readable } from 'node:stream';
import { gatherInto, readChunks, readLimited, TooLargeError } from './read-limited';

describe('readLimited', () => {
  it('shows the inspector the first bytes even when they arrive a few at a time', async () => {
    const seen: Buffer[] = [];
    const parts = [
      Buffer.from([0x89, 0x50, 0x4e]),
      Buffer.from([0x47, 0x0d]),
      Buffer.from([0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5, 6, 7, 8, 9]),
    ];
    const body = await readLimited(Readable.from(parts), 1000, (head) => seen.push(head), 8);
    expect(seen).toEqual([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])]);
    expect(body).toEqual(Buffer.concat(parts));
  });

  it('shows the whole of a stream shorter than the head', async () => {
    const seen: Buffer[] = [];
    await readLimited(Readable.from([Buffer.from('abc')]), 1000, (head) => seen.push(head), 8);
    expect(seen).toEqual([Buffer.from('abc')]);
  });

  it('allows exactly the limit and refuses one byte more', async () => {
    await expect(readLimited(Readable.from([Buffer.alloc(10)]), 10)).resolves.toHaveLength(10);
    await expect(readLimited(Readable.from([Buffer.alloc(6), Buffer.alloc(5)]), 10)).rejects.toBeInstanceOf(TooLargeError);
  });

  it("stops at the inspector's verdict without reading on", async () => {
    let served = 0;
    const endless = new Readable({
      read() {
        served++;
        this.push(Buffer.alloc(1024, 1));
      },
    });
    await expect(
      readLimited(endless, 10 * 1024 * 1024, () => {
        throw new Error('not an image');
      }),
    ).rejects.toThrow('not an image');
    expect(served).toBeLessThan(20);
  });

  it('keeps the chunks as they came, and gathers them into a buffer it is given', async () => {
    const parts = [Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('abc'), Buffer.from('de')];
    const received = await readChunks(Readable.from(parts), 16);
    expect(received).toEqual({ chunks: parts, length: 8 });
    const into = Buffer.alloc(16, 9);
    const body = gatherInto(received, into);
    expect(body).toEqual(Buffer.concat(parts));
    expect(body.buffer).toBe(into.buffer);
    expect([...into.subarray(8)]).toEqual([9, 9, 9, 9, 9, 9, 9, 9]);
  });

  it('will not gather into a buffer too small for what was read', async () => {
    const received = await readChunks(Readable.from([Buffer.from('abcde')]), 10);
    expect(() => gatherInto(received, Buffer.alloc(4))).toThrow('a buffer of 4 bytes cannot hold 5');
  });
});
