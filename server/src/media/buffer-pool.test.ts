import { BufferPool } from './buffer-pool';

describe('BufferPool', () => {
  it('hands a given-back buffer to the next taker, wiped', () => {
    const pool = new BufferPool(8, 2);
    const first = pool.take();
    first.write('childpic');
    pool.give(first, 8);
    const second = pool.take();
    expect(second).toBe(first);
    expect([...second]).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('wipes only the bytes used, which are all that were written', () => {
    const pool = new BufferPool(4, 1);
    const buffer = pool.take();
    buffer.fill(7);
    pool.give(buffer, 2);
    expect([...buffer]).toEqual([0, 0, 7, 7]);
  });

  it('keeps no more idle buffers than it was told to, and makes new ones when all are taken', () => {
    const pool = new BufferPool(4, 1);
    const a = pool.take();
    const b = pool.take();
    expect(b).not.toBe(a);
    pool.give(a);
    pool.give(b);
    expect(pool.idle).toBe(1);
    expect(pool.take()).toBe(a);
    expect(pool.idle).toBe(0);
  });

  it('refuses a buffer of another size', () => {
    const pool = new BufferPool(4, 1);
    expect(() => pool.give(Buffer.alloc(5))).toThrow('a buffer of 5 bytes is not this pool');
  });
});
