import { type FormEvent, useState } from 'react';

import { Icon } from '../../ui/Icon';
import type { OrderStatus } from '../../gql/graphql';
import { useIsOwner } from '../session/admin-session-context';
import { useDebouncedCallback } from '../shared/use-debounced-callback';
import { ORDER_STATUSES, type OrderFilter, writeOrderFilter } from './order-filter';

/** Typing pauses this long before the list follows; Enter searches at once. */
export const SEARCH_DEBOUNCE_MS = 350;

interface OrderFiltersProps {
  filter: OrderFilter;
  /** Only what changed: the other half of the filter stays as last asked for. */
  onChange(change: Partial<OrderFilter>): void;
  onRefresh(): void;
  refreshing: boolean;
}

/** Status filter, search box and Refresh, above the orders table. */
export function OrderFilters({ filter, onChange, onRefresh, refreshing }: OrderFiltersProps) {
  const [text, setText] = useState(filter.search);
  // The export is the customer list: owners only (the server answers 403 to anyone else).
  const owner = useIsOwner();
  // The URL changed under the box (Back, a link): show what the list is really filtered by.
  const [shown, setShown] = useState(filter.search);
  if (filter.search !== shown) {
    setShown(filter.search);
    if (text.trim() !== filter.search) setText(filter.search);
  }
  const search = useDebouncedCallback((value: string) => onChange({ search: value.trim() }), SEARCH_DEBOUNCE_MS);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    search.flush(text);
  }

  return (
    <div className="order-filters">
      <div className="order-filters__field">
        <label htmlFor="order-status-filter" className="admin-field__label">
          Status
        </label>
        <select
          id="order-status-filter"
          className="admin-field__control admin-field__control--select"
          value={filter.status ?? ''}
          onChange={(event) => onChange({ status: (event.target.value || null) as OrderStatus | null })}
        >
          <option value="">All Orders</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
      </div>
      <form role="search" className="order-filters__field order-filters__search" onSubmit={onSubmit}>
        <label htmlFor="order-search" className="admin-field__label">
          Search orders
        </label>
        <div className="order-filters__search-row">
          <input
            id="order-search"
            className="admin-field__control"
            type="search"
            placeholder="E-mail, child name or order id"
            autoComplete="off"
            spellCheck="false"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              search.schedule(event.target.value);
            }}
          />
          <button type="submit" className="button button--secondary button--small">
            Search
          </button>
        </div>
      </form>
      <button
        type="button"
        className="button button--secondary button--small order-filters__refresh"
        onClick={() => !refreshing && onRefresh()}
        aria-disabled={refreshing}
      >
        <Icon name="refresh" size={18} />
        {refreshing ? 'Refreshing…' : 'Refresh'}
      </button>
      {owner && (
        <a className="button button--secondary button--small order-filters__export" href={ordersCsvUrl(filter)} download>
          Export CSV
        </a>
      )}
    </div>
  );
}

/** The server's CSV export of the orders this filter and search show (every page, not just this one). */
export function ordersCsvUrl(filter: OrderFilter): string {
  const query = writeOrderFilter(filter).toString();
  return `/admin/orders.csv${query ? `?${query}` : ''}`;
}
