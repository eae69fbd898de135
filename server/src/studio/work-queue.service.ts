/**
 * The studio's queue as the staff read it: what needs doing, soonest due first, with how many
 * of each kind (and how many overdue). One indexed read of work_items and one of the page's
 * orders, however many orders the shop holds.
 */
import { type DataSource, In } from 'typeorm';
import { type Outcome, refuse, succeed, UserErrorCode } from '../common/user-error';
import { isUuid } from '../common/uuid';
import { AdminUser } from '../admin/admin-user.entity';
import { Order } from '../orders/order.entity';
import { OrderAssignment } from './order-assignment.entity';
import { WorkItem } from './work-item.entity';
import { WORK_REASONS, type WorkReason } from './work-reason';

export interface WorkQueueQuery {
  reason: WorkReason | null;
  /** Only the orders assigned to this admin. */
  assignedTo: string | null;
  first: number;
  after: string | null;
}

export interface QueuedWork {
  order: Order;
  /** Who has the order, or null. */
  assignee: AdminUser | null;
  reason: WorkReason;
  dueAt: Date;
  since: Date;
  overdue: boolean;
  cursor: string;
}

export interface ReasonCount {
  reason: WorkReason;
  count: number;
  overdue: number;
}

export interface WorkQueuePage {
  items: QueuedWork[];
  counts: ReasonCount[];
  hasNextPage: boolean;
  endCursor: string | null;
}

export const WORK_QUEUE_MAX_PAGE = 100;
/**
 * Overdue items are counted one by one up to this many; past it, the ones not yet due are counted
 * instead (the fewer, when most are late) and taken from each reason's total.
 */
export const OVERDUE_COUNTED_UP_TO = 1_000;
export const WORK_QUEUE_MESSAGES = { badCursor: 'This page of the queue is out of date: start again from the first page.' };

interface Cursor {
  dueAt: Date;
  orderId: string;
  reason: WorkReason;
}

export function encodeWorkCursor({ dueAt, orderId, reason }: Cursor): string {
  return Buffer.from(`${dueAt.toISOString()}|${orderId}|${reason}`).toString('base64url');
}

export function decodeWorkCursor(value: string): Cursor | null {
  const [iso, orderId, reason, ...rest] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  const dueAt = new Date(iso ?? '');
  if (rest.length > 0 || !isUuid(orderId) || Number.isNaN(dueAt.getTime())) return null;
  if (!(WORK_REASONS as string[]).includes(reason ?? '')) return null;
  return { dueAt, orderId, reason: reason as WorkReason };
}

export class WorkQueueService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly overdueCountedUpTo = OVERDUE_COUNTED_UP_TO,
  ) {}

  /**
   * Every reason's count and how many are overdue. The shop's counts come from work_counts (kept
   * by triggers) and the overdue ones from the due-time index, which reads only what is overdue
   * or, when more than OVERDUE_COUNTED_UP_TO are, what is not; one admin's are counted from their
   * assignments.
   */
  private async counts(assignedTo: string | null, now: Date): Promise<Array<{ reason: WorkReason; n: number; overdue: number }>> {
    if (assignedTo) {
      return this.dataSource.query(
        `SELECT w.reason, count(*)::int AS n, count(*) FILTER (WHERE w.due_at <= $2)::int AS overdue
           FROM order_assignments a JOIN work_items w ON w.order_id = a.order_id
          WHERE a.admin_id = $1
          GROUP BY w.reason`,
        [assignedTo, now.toISOString()],
      );
    }
    // Each reason's kept total with its overdue items, counted from the due-time index up to
    // `overdueCountedUpTo`. (A count per reason ran once per reason, and the planner, multiplying
    // them, priced it high enough to JIT-compile it: 120 ms at 50,000 open items.)
    const iso = now.toISOString();
    const early: Array<{ reason: WorkReason; n: number; overdue: number }> = await this.dataSource.query(
      `SELECT c.reason, c.n, coalesce(o.overdue, 0)::int AS overdue
         FROM work_counts c
         LEFT JOIN (SELECT e.reason, count(*) AS overdue
                      FROM (SELECT w.reason FROM work_items w WHERE w.due_at <= $1 ORDER BY w.due_at LIMIT $2) e
                     GROUP BY e.reason) o
           ON o.reason = c.reason`,
      [iso, this.overdueCountedUpTo],
    );
    if (early.reduce((sum, row) => sum + row.overdue, 0) < this.overdueCountedUpTo) return early;
    // More are overdue: the items still to come are counted instead, and taken from the totals
    // (read in the same statement, so both are of one moment). Exact either way; at 50,000 open
    // items, 45,000 of them overdue, this reads 5,000 index entries instead of 45,000.
    return this.dataSource.query(
      `SELECT c.reason, c.n, (c.n - coalesce(l.pending, 0))::int AS overdue
         FROM work_counts c
         LEFT JOIN (SELECT w.reason, count(*) AS pending FROM work_items w WHERE w.due_at > $1 GROUP BY w.reason) l
           ON l.reason = c.reason`,
      [iso],
    );
  }

  async page(query: WorkQueueQuery, now = new Date()): Promise<Outcome<WorkQueuePage>> {
    const cursor = query.after ? decodeWorkCursor(query.after) : null;
    if (query.after && !cursor) return refuse(UserErrorCode.INVALID_INPUT, WORK_QUEUE_MESSAGES.badCursor, 'after');
    const first = Math.min(WORK_QUEUE_MAX_PAGE, Math.max(1, query.first));
    // The page's items (a LIMITed read of the due-time index, so the plan never starts from the
    // orders) and their orders in one query: the orders as entities, the items as raw columns.
    const pageQuery = this.dataSource
      .getRepository(Order)
      .createQueryBuilder('o')
      .innerJoin(
        (items) => {
          items
            .select(['wi.order_id AS order_id', 'wi.reason AS reason', 'wi.due_at AS due_at', 'wi.since AS since'])
            .from(WorkItem, 'wi')
            .orderBy('wi.due_at')
            .addOrderBy('wi.order_id')
            .addOrderBy('wi.reason')
            .limit(first + 1);
          if (query.reason) items.andWhere('wi.reason = :reason', { reason: query.reason });
          if (query.assignedTo) {
            items.andWhere('wi.order_id IN (SELECT a.order_id FROM order_assignments a WHERE a.admin_id = :assignedTo)', {
              assignedTo: query.assignedTo,
            });
          }
          if (cursor) {
            items.andWhere(
              '(wi.due_at, wi.order_id, wi.reason) > (:cursorDueAt::timestamptz, :cursorOrderId::uuid, :cursorReason)',
              { cursorDueAt: cursor.dueAt.toISOString(), cursorOrderId: cursor.orderId, cursorReason: cursor.reason },
            );
          }
          return items;
        },
        'w',
        'w.order_id = o.id',
      )
      .leftJoin(OrderAssignment, 'oa', 'oa.order_id = o.id')
      .addSelect(['w.reason AS item_reason', 'w.due_at AS item_due_at', 'w.since AS item_since', 'oa.admin_id AS item_assignee'])
      .orderBy('w.due_at')
      .addOrderBy('w.order_id')
      .addOrderBy('w.reason');
    const { raw, entities } = await pageQuery.getRawAndEntities<{
      o_id: string;
      item_reason: WorkReason;
      item_due_at: Date;
      item_since: Date;
      item_assignee: string | null;
    }>();
    const counted = await this.counts(query.assignedTo, now);
    const page = raw.slice(0, first);
    const byId = new Map(entities.map((order) => [order.id, order]));
    const assigneeIds = [...new Set(page.flatMap((row) => (row.item_assignee ? [row.item_assignee] : [])))];
    const admins = assigneeIds.length ? await this.dataSource.getRepository(AdminUser).findBy({ id: In(assigneeIds) }) : [];
    const adminById = new Map(admins.map((admin) => [admin.id, admin]));
    const items = page.flatMap((row) => {
      const order = byId.get(row.o_id);
      if (!order) return [];
      const dueAt = new Date(row.item_due_at);
      return [
        {
          order,
          assignee: (row.item_assignee && adminById.get(row.item_assignee)) || null,
          reason: row.item_reason,
          dueAt,
          since: new Date(row.item_since),
          overdue: dueAt.getTime() <= now.getTime(),
          cursor: encodeWorkCursor({ dueAt, orderId: row.o_id, reason: row.item_reason }),
        },
      ];
    });
    const counts = WORK_REASONS.map((reason) => {
      const found = counted.find((c) => c.reason === reason);
      return { reason, count: found?.n ?? 0, overdue: found?.overdue ?? 0 };
    });
    return succeed({
      items,
      counts,
      hasNextPage: raw.length > first,
      endCursor: items.at(-1)?.cursor ?? null,
    });
  }
}
