/** An order's status as a coloured pill; the word itself carries the meaning, not the colour. */
export function StatusBadge({ status }: { status: string }) {
  return <span className={`status-badge status-badge--${status.toLowerCase()}`}>{status}</span>;
}
