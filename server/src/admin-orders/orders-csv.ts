/**
 * The admin's CSV export of orders: one header row, then every order matching the filter,
 * newest first, read from the database in keyset-paginated batches so memory stays flat
 * however many orders there are. Cells are quoted per RFC 4180, and a cell a spreadsheet
 * would run as a formula (starting with =, +, -, @, tab or carriage return) gets a leading
 * single quote.
 */
import type { DataSource } from 'typeorm';
import { Order } from '../orders/order.entity';
import { OrderDiscount } from '../discounts/order-discount.entity';
import { applyOrderFilter, type OrderFilter } from './order-filter';

/** Rows read per query: large enough to be quick, small enough to keep memory flat. */
export const EXPORT_BATCH_SIZE = 1000;

type Cell = string | number | Date | null | undefined;

/** What a row says beside the order itself: the discount code it carries, if any. */
export interface OrderExtras {
  discount?: Pick<OrderDiscount, 'code' | 'amountCents'> | null;
}

const COLUMNS: Array<[header: string, value: (order: Order, extras: OrderExtras) => Cell]> = [
  ['Order ID', (o) => o.id],
  ['Reference', (o) => o.id.slice(0, 8)],
  ['Created', (o) => o.createdAt],
  ['Status', (o) => o.status],
  ['Format', (o) => o.bookFormat],
  ['Style', (o) => o.bookStyle],
  ['Child name', (o) => (o.childDataDeletedAt ? DELETED_CHILD_DATA : o.childName)],
  ['Child age', (o) => o.childAge],
  ['Life lesson', (o) => o.moral],
  ['Story idea', (o) => o.storyIdea],
  ['Parent e-mail', (o) => o.email],
  ['Amount', (o) => (o.amountCents / 100).toFixed(2)],
  ['Currency', (o) => o.currency],
  ['Paid', (o) => o.paidAt],
  ['Completed', (o) => o.completedAt],
  ['Shipped', (o) => o.shippedAt],
  ['Cancelled', (o) => o.cancelledAt],
  ['Refunded', (o) => o.refundedAt],
  ['Carrier', (o) => o.shippingCarrier],
  ['Tracking number', (o) => o.trackingNumber],
  ['Ship to', (o) => o.shippingAddress?.fullName],
  ['Street address', (o) => o.shippingAddress?.streetAddress],
  ['City', (o) => o.shippingAddress?.city],
  ['State', (o) => o.shippingAddress?.state],
  ['ZIP code', (o) => o.shippingAddress?.zipCode],
  ['Country', (o) => o.shippingAddress?.country],
  // Added last, so the columns spreadsheets already read keep their places.
  ['Dedication', (o) => o.dedication],
  ['Child data deleted', (o) => o.childDataDeletedAt],
  ['Discount code', (_o, x) => x.discount?.code],
  ['Discount', (_o, x) => (x.discount ? (x.discount.amountCents / 100).toFixed(2) : null)],
  ['Apartment, suite', (o) => o.shippingAddress?.addressLine2],
  ['Phone for the carrier', (o) => o.shippingAddress?.phone],
  ['Gift message', (o) => o.giftMessage],
  ['Gift delivery date', (o) => o.giftDeliveryDate],
];

/** Where the parent deleted the child's details, as the export says it. */
export const DELETED_CHILD_DATA = "Deleted at the parent's request";

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: dates in ISO 8601 (UTC), formulas neutralised, quoted when it holds a comma, quote or line break. */
export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(cells: readonly Cell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

export function orderCsvRow(order: Order, extras: OrderExtras = {}): string {
  return csvRow(COLUMNS.map(([, value]) => value(order, extras)));
}

export const CSV_HEADER = csvRow(COLUMNS.map(([header]) => header));

export class OrderExport {
  constructor(
    private readonly dataSource: DataSource,
    private readonly batchSize = EXPORT_BATCH_SIZE,
  ) {}

  /** The CSV text in chunks (the header, then one chunk per batch). Stopping early stops the queries. */
  async *csv(filter: OrderFilter): AsyncGenerator<string> {
    yield CSV_HEADER;
    let after: { createdAt: Date; id: string } | null = null;
    for (;;) {
      const query = applyOrderFilter(this.dataSource.getRepository(Order).createQueryBuilder('o'), filter);
      if (after) {
        query.andWhere('(o.created_at, o.id) < (:afterCreatedAt, :afterId)', {
          afterCreatedAt: after.createdAt,
          afterId: after.id,
        });
      }
      const rows = await query.orderBy('o.createdAt', 'DESC').addOrderBy('o.id', 'DESC').limit(this.batchSize).getMany();
      if (rows.length === 0) return;
      const discounts = await this.dataSource.manager
        .createQueryBuilder(OrderDiscount, 'd')
        .where('d.order_id IN (:...ids)', { ids: rows.map((row) => row.id) })
        .getMany();
      const byOrder = new Map(discounts.map((discount) => [discount.orderId, discount]));
      yield rows.map((row) => orderCsvRow(row, { discount: byOrder.get(row.id) })).join('');
      if (rows.length < this.batchSize) return;
      const last = rows[rows.length - 1];
      after = { createdAt: last.createdAt, id: last.id };
    }
  }
}
