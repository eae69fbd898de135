import { useEffect, useRef } from 'react';

/** Calls `callback` once the calls have paused for `delayMs`; `flush` calls it at once. */
export function useDebouncedCallback<T>(callback: (value: T) => void, delayMs: number) {
  const latest = useRef(callback);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(() => () => window.clearTimeout(timer.current), []);

  return {
    schedule(value: T) {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => latest.current(value), delayMs);
    },
    flush(value: T) {
      window.clearTimeout(timer.current);
      latest.current(value);
    },
  };
}
