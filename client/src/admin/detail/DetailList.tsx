import type { ReactNode } from 'react';

/** Label-value pairs; a missing value shows as a dash, never as an empty gap. */
export function DetailList({ items }: { items: Array<[label: string, value: ReactNode]> }) {
  return (
    <dl className="detail-list">
      {items.map(([label, value]) => (
        <div key={label} className="detail-list__item">
          <dt>{label}</dt>
          <dd>{value === null || value === undefined || value === '' ? <span className="muted">—</span> : value}</dd>
        </div>
      ))}
    </dl>
  );
}
