import { ConcurrencyLimit } from './concurrency-limit';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('ConcurrencyLimit', () => {
  it('never runs more than its limit at once, and runs every task in turn', async () => {
    const limit = new ConcurrencyLimit(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const releases: Array<() => void> = [];
    const tasks = Array.from({ length: 6 }, (_, i) =>
      limit.run(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
        order.push(i);
        return i;
      }),
    );
    for (let released = 0; released < 6; released++) {
      await tick();
      expect(running).toBeLessThanOrEqual(2);
      releases.shift()!();
    }
    expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('frees the slot when a task fails', async () => {
    const limit = new ConcurrencyLimit(1);
    await expect(limit.run(() => Promise.reject(new Error('broken photo')))).rejects.toThrow('broken photo');
    await expect(limit.run(async () => 'next')).resolves.toBe('next');
  });

  it('weighs each task: light ones run together, a heavy one waits for room and is not overtaken', async () => {
    const limit = new ConcurrencyLimit(10);
    const started: string[] = [];
    const finish = new Map<string, () => void>();
    const task = (name: string, weight: number) =>
      limit.run(async () => {
        started.push(name);
        await new Promise<void>((resolve) => finish.set(name, resolve));
      }, weight);
    const runs = [task('small-1', 3), task('small-2', 3), task('large', 8), task('small-3', 1)];
    await tick();
    expect(started).toEqual(['small-1', 'small-2']); // 'small-3' fits, but waits behind 'large'
    finish.get('small-1')!();
    await tick();
    expect(started).toEqual(['small-1', 'small-2']); // 3 + 8 > 10
    finish.get('small-2')!();
    await tick();
    expect(started).toEqual(['small-1', 'small-2', 'large', 'small-3']); // 8 + 1 <= 10
    finish.get('large')!();
    finish.get('small-3')!();
    await Promise.all(runs);
  });

  it('runs a task heavier than the capacity on its own', async () => {
    const limit = new ConcurrencyLimit(4);
    await expect(limit.run(async () => 'huge', 100)).resolves.toBe('huge');
    await expect(limit.run(async () => 'after', 4)).resolves.toBe('after');
  });
});
