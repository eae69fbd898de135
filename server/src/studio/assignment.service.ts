/**
 * Who has taken an order: "this one is mine", or handed to a colleague, or given back. One
 * admin an order at most; each change is in the order's history.
 */
import type { DataSource } from 'typeorm';
import { AdminUser } from '../admin/admin-user.entity';
import type { Logger } from '../common/logger';
import { type Outcome, refuse, succeed, UserErrorCode } from '../common/user-error';
import { isUuid } from '../common/uuid';
import { adminActor } from '../orders/actor';
import type { OrderLifecycle } from '../orders/order-lifecycle';
import { lockOrder } from '../orders/order-lock';
import { OrderAssignment } from './order-assignment.entity';
import { ORDER_NOT_FOUND } from './order-notes.service';

export const ASSIGNED_EVENT = 'assigned';
export const ASSIGNMENT_MESSAGES = {
  orderNotFound: ORDER_NOT_FOUND,
  adminNotFound: 'No active admin with this id exists.',
} as const;

export class AssignmentService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly lifecycle: OrderLifecycle,
    private readonly logger: Logger,
  ) {}

  /** Gives the order to `adminId` (an active admin), or to nobody for null. Giving it to whoever has it changes nothing. */
  async assign(orderId: string, adminId: string | null, by: AdminUser): Promise<Outcome<{ orderId: string }>> {
    if (!isUuid(orderId)) return refuse(UserErrorCode.NOT_FOUND, ASSIGNMENT_MESSAGES.orderNotFound, 'orderId');
    if (adminId !== null && !isUuid(adminId)) {
      return refuse(UserErrorCode.NOT_FOUND, ASSIGNMENT_MESSAGES.adminNotFound, 'adminId');
    }
    return this.dataSource.transaction(async (manager) => {
      const order = await lockOrder(manager, orderId);
      if (!order) return refuse(UserErrorCode.NOT_FOUND, ASSIGNMENT_MESSAGES.orderNotFound, 'orderId');
      // Share-locked, so the admin cannot be disabled between this check and the assignment.
      const assignee = adminId
        ? await manager.findOne(AdminUser, { where: { id: adminId }, lock: { mode: 'pessimistic_read' } })
        : null;
      if (adminId && (!assignee || assignee.disabledAt)) {
        return refuse(UserErrorCode.NOT_FOUND, ASSIGNMENT_MESSAGES.adminNotFound, 'adminId');
      }
      const current = await manager.findOneBy(OrderAssignment, { orderId });
      if ((current?.adminId ?? null) === adminId) return succeed({ orderId });
      if (assignee) await manager.upsert(OrderAssignment, { orderId, adminId: assignee.id, assignedAt: new Date() }, ['orderId']);
      else await manager.delete(OrderAssignment, { orderId });
      await this.lifecycle.recordEvent(manager, {
        orderId,
        type: ASSIGNED_EVENT,
        fromStatus: null,
        toStatus: null,
        actor: adminActor(by),
        data: { assignee: assignee?.email ?? null },
      });
      this.logger.info(assignee ? 'order assigned' : 'order unassigned', { orderId, adminId, by: by.id });
      return succeed({ orderId });
    });
  }

  /** The admin who has the order, or null. */
  async assigneeOf(orderId: string): Promise<AdminUser | null> {
    const assignment = await this.dataSource
      .getRepository(OrderAssignment)
      .findOne({ where: { orderId }, relations: { admin: true } });
    return assignment?.admin ?? null;
  }
}
