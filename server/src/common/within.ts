/** How `work` ended within a time limit: its answer, or why there is none. */
export type Timed<T> = { answer: T } | { missed: 'late' } | { missed: 'failed'; error: unknown };

/** Waits for `work` at most `ms`; a late `work` is left to finish on its own. */
export async function within<T>(ms: number, work: Promise<T>): Promise<Timed<T>> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Timed<T>>((resolve) => {
    timer = setTimeout(() => resolve({ missed: 'late' }), ms);
  });
  try {
    return await Promise.race([
      work.then(
        (answer): Timed<T> => ({ answer }),
        (error: unknown): Timed<T> => ({ missed: 'failed', error }),
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
