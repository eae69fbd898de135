import { Readable } from 'node:stream';
import { readLimited, TooLargeError } from './read-limited';

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

  it('gathers the bytes into the buffer it is given and returns a view of it', async () => {
    const into = Buffer.alloc(16);
    const parts = [Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('abc'), Buffer.from('de')];
    const seen: Buffer[] = [];
    const body = await readLimited(Readable.from(parts), 16, (head) => seen.push(Buffer.from(head)), 4, into);
    expect(body).toEqual(Buffer.concat(parts));
    expect(body.buffer).toBe(into.buffer);
    expect(seen).toEqual([Buffer.from([0xff, 0xd8, 0xff, 0x61])]);
  });

  it('refuses one byte past the limit without writing past it into the given buffer', async () => {
    const into = Buffer.alloc(12, 9);
    await expect(
      readLimited(Readable.from([Buffer.alloc(6, 1), Buffer.alloc(5, 2)]), 10, undefined, 16, into),
    ).rejects.toBeInstanceOf(TooLargeError);
    expect([...into.subarray(6)]).toEqual([9, 9, 9, 9, 9, 9]);
  });

  it('will not gather into a buffer smaller than the limit', async () => {
    await expect(readLimited(Readable.from([Buffer.from('a')]), 10, undefined, 16, Buffer.alloc(4))).rejects.toThrow(
      'a buffer of 4 bytes cannot hold 10',
    );
  });
});
