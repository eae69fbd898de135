/**
 * The admin's filter on orders (a status, and a search by e-mail, child name or the start of
 * an order id), applied to a query on `orders` aliased `o`. The list and the CSV export share
 * it, so an export holds exactly the orders the dashboard shows.
 */
import type { SelectQueryBuilder } from 'typeorm';
import { isUuid } from '../common/uuid';
import type { Order } from '../orders/order.entity';
import type { OrderStatus } from '../orders/order-status';

export interface OrderFilter {
  status?: OrderStatus | null;
  search?: string | null;
}

/** The part of a search each column's trigram index is asked for (search-core.ts). */
export interface SearchCores {
  email: string;
  childName: string;
}

/** The dashboard shows ids as their first 8 characters: a search that could be one is also asked of ids. */
const ID_PREFIX = /^[0-9a-f-]{4,35}$/i;

/** Whether a trimmed search is asked of e-mails and child names alone (not of order ids): the one that `cores` narrow. */
export function searchesTextOnly(search: string): boolean {
  return !isUuid(search) && !ID_PREFIX.test(search);
}

/** `%text%`, with the text's own LIKE wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * `cores`, when given for this search, narrows what the trigram indexes are asked for: each
 * column's index finds the rows holding its core, and the whole search is checked on those rows,
 * through an expression (`email || ''`) no index answers, so the planner cannot ask the index for
 * the whole search again. The rows matched are the same either way.
 */
export function applyOrderFilter(
  query: SelectQueryBuilder<Order>,
  filter: OrderFilter,
  cores?: SearchCores,
): SelectQueryBuilder<Order> {
  if (filter.status) query.andWhere('o.status = :status', { status: filter.status });
  const search = filter.search?.trim();
  if (search) {
    const like = containing(search);
    if (isUuid(search)) {
      query.andWhere('o.id = :id', { id: search.toLowerCase() });
    } else if (ID_PREFIX.test(search)) {
      query.andWhere('(o.id::text LIKE :prefix OR o.email ILIKE :like OR o.child_name ILIKE :like)', {
        prefix: `${search.toLowerCase()}%`,
        like,
      });
    } else if (cores && (cores.email !== search || cores.childName !== search)) {
      query.andWhere('(o.email ILIKE :emailCore OR o.child_name ILIKE :childNameCore)', {
        emailCore: containing(cores.email),
        childNameCore: containing(cores.childName),
      });
      query.andWhere(`((o.email || '') ILIKE :like OR (o.child_name || '') ILIKE :like)`, { like });
    } else {
      query.andWhere('(o.email ILIKE :like OR o.child_name ILIKE :like)', { like });
    }
  }
  return query;
}
