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
});
