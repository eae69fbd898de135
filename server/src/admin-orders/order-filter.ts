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

export function applyOrderFilter(query: SelectQueryBuilder<Order>, filter: OrderFilter): SelectQueryBuilder<Order> {
  if (filter.status) query.andWhere('o.status = :status', { status: filter.status });
  const search = filter.search?.trim();
  if (search) {
    const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    if (isUuid(search)) {
      query.andWhere('o.id = :id', { id: search.toLowerCase() });
    } else if (/^[0-9a-f-]{4,35}$/i.test(search)) {
      // The dashboard shows ids as their first 8 characters: let an admin paste that.
      query.andWhere('(o.id::text LIKE :prefix OR o.email ILIKE :like OR o.child_name ILIKE :like)', {
        prefix: `${search.toLowerCase()}%`,
        like,
      });
    } else {
      query.andWhere('(o.email ILIKE :like OR o.child_name ILIKE :like)', { like });
    }
  }
  return query;
}
