/** Opaque keyset cursors for the admin list: base64url of "{createdAt ISO}|{id}". */
import { isUuid } from '../common/uuid';

export interface OrderCursor {
  createdAt: Date;
  id: string;
}

export function encodeCursor(cursor: OrderCursor): string {
  return Buffer.from(`${cursor.createdAt.toISOString()}|${cursor.id}`).toString('base64url');
}

export function decodeCursor(value: string): OrderCursor | null {
  const [iso, id, ...rest] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(iso ?? '');
  if (rest.length > 0 || !isUuid(id) || Number.isNaN(createdAt.getTime())) return null;
  return { createdAt, id };
}
