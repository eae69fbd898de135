/**
 * Runs tasks while their weights together stay within `capacity`; the rest wait their turn,
 * first come first served (a heavy task at the head of the line is not overtaken by light ones
 * behind it). For work whose memory grows with how much runs together: decoding photos, whose
 * weight is their pixels. A task heavier than the capacity runs alone.
 */
export class ConcurrencyLimit {
  private inUse = 0;
  private readonly waiting: Array<{ weight: number; start: () => void }> = [];

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new Error(`capacity must be a positive integer, got ${capacity}`);
  }

  async run<T>(task: () => Promise<T>, weight = 1): Promise<T> {
    const taken = Math.min(Math.max(weight, 1), this.capacity);
    if (this.waiting.length > 0 || this.inUse + taken > this.capacity) {
      await new Promise<void>((start) => this.waiting.push({ weight: taken, start }));
    } else {
      this.inUse += taken;
    }
    try {
      return await task();
    } finally {
      this.inUse -= taken;
      this.startWaiting();
    }
  }

  private startWaiting(): void {
    while (this.waiting.length > 0 && this.inUse + this.waiting[0]!.weight <= this.capacity) {
      const next = this.waiting.shift()!;
      this.inUse += next.weight;
      next.start();
    }
  }
}
