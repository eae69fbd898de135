import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

import { readOrderFilter, writeOrderFilter, type OrderFilter } from './order-filter';

/**
 * The dashboard's filter, kept in the URL (?status=Paid&q=mia), and a change that builds on the
 * last one asked for. The router re-renders after a navigation, not during it, so a second change
 * made before that render (Enter in the search box, then a status picked at once) would otherwise
 * start from the old URL and drop the first.
 */
export function useOrderFilter(): [OrderFilter, (change: Partial<OrderFilter>) => void] {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => readOrderFilter(params), [params]);
  // The filter last asked for, and the URL it was asked from: once the URL has moved on (the
  // navigation rendered, Back, a link), the URL is the truth again.
  const asked = useRef<{ from: URLSearchParams; filter: OrderFilter } | null>(null);

  const change = useCallback(
    (patch: Partial<OrderFilter>) => {
      const base = asked.current?.from === params ? asked.current.filter : filter;
      const next = { ...base, ...patch };
      asked.current = { from: params, filter: next };
      setParams(writeOrderFilter(next), { replace: true });
    },
    [params, filter, setParams],
  );
  return [filter, change];
}
