/** How the admin portal writes order values: one place, so the table and the panel agree. */
import { shortDateTime } from '../ui/en-us';
import { formatPriceToTheCent } from '../ui/formatPrice';

/** Spec: the order id shown as its first 8 characters, then an ellipsis. */
export function shortOrderId(id: string): string {
  return id.length > 8 ? `${id.slice(0, 8)}...` : id;
}

/** What the portal shows where the parent deleted the child's details. */
export const DELETED_CHILD_DATA = "Deleted at the parent's request";

/** The child's name, or the note that the parent deleted it. */
export function childNameLabel(childName: string | null | undefined): string {
  return childName ?? DELETED_CHILD_DATA;
}

/** The child's name inside a sentence ("Mia's book"); "the child" once the parent deleted it. */
export function childNameInText(childName: string | null | undefined): string {
  return childName ?? 'the child';
}

const FORMAT_LABELS: Record<string, string> = { digital: 'Digital', printed: 'Printed' };

export function formatLabel(bookFormat: string): string {
  return FORMAT_LABELS[bookFormat] ?? bookFormat;
}

/** The Story Type column: the format and the life lesson, e.g. "Digital · Kindness". */
export function storyType(order: { bookFormat: string; moral: string }): string {
  return `${formatLabel(order.bookFormat)} · ${order.moral}`;
}

/** "Mar 5, 2025, 2:07 PM" in the admin's own time zone. */
export function formatDateTime(iso: string): string {
  return shortDateTime(new Date(iso));
}

/** Bytes as the server words its limit: 2147483648 -> "2 GB", 524288000 -> "500 MB". */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // Worded as the server's own message words it (server/src/delivery/video-file.ts).
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}

/** Money in the admin's views, always with cents: 2500 -> "$25.00". */
export function formatAmount(amountCents: number, currency = 'USD'): string {
  return formatPriceToTheCent(amountCents, currency);
}

/** Statuses in which the finished book has been delivered: its video, links and revisions stay available once shipped. */
export function isDelivered(status: string): boolean {
  return status === 'Completed' || status === 'Shipped';
}
