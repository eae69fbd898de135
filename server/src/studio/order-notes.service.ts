/**
 * Notes staff write about an order, for each other: kept apart from everything the parent sees,
 * each recorded in the order's history (which says a note was added, not what it says).
 */
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { AdminUser } from '../admin/admin-user.entity';
import { firstInputError } from '../common/input-validation';
import type { Logger } from '../common/logger';
import { type Outcome, refusal, refuse, succeed, UserErrorCode } from '../common/user-error';
import { isUuid } from '../common/uuid';
import { adminActor } from '../orders/actor';
import type { EventListener, OrderLifecycle } from '../orders/order-lifecycle';
import { REDACTED } from '../order-page/child-data-redaction';
import { CHILD_DATA_DELETED_EVENT } from '../order-page/order-timeline';
import { lockOrder } from '../orders/order-lock';
import { OrderNote } from './order-note.entity';
import { OrderNoteInput } from './order-note.input';

export const NOTE_ADDED_EVENT = 'note_added';
export const ORDER_NOT_FOUND = 'Order not found.';

export class OrderNotesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly lifecycle: OrderLifecycle,
    private readonly logger: Logger,
  ) {}

  async addNote(orderId: string, text: string, author: AdminUser): Promise<Outcome<OrderNote>> {
    const input = new OrderNoteInput(text);
    const invalid = firstInputError(input);
    if (invalid) return refusal(invalid);
    if (!isUuid(orderId)) return refuse(UserErrorCode.NOT_FOUND, ORDER_NOT_FOUND, 'orderId');
    return this.dataSource.transaction(async (manager) => {
      const order = await lockOrder(manager, orderId);
      if (!order) return refuse(UserErrorCode.NOT_FOUND, ORDER_NOT_FOUND, 'orderId');
      const note = manager.create(OrderNote, {
        id: randomUUID(),
        orderId,
        authorId: author.id,
        authorEmail: author.email,
        text: input.text,
      });
      await manager.insert(OrderNote, note);
      await this.lifecycle.recordEvent(manager, {
        orderId,
        type: NOTE_ADDED_EVENT,
        fromStatus: null,
        toStatus: null,
        actor: adminActor(author),
        data: { noteId: note.id },
      });
      this.logger.info('order note added', { orderId, noteId: note.id, by: author.id });
      return succeed(await manager.findOneByOrFail(OrderNote, { id: note.id }));
    });
  }

  /**
   * Staff notes are free text about the order, and so about the child: when the parent deletes
   * the child's details (`child_data_deleted`), every note is blanked whole, in that transaction.
   */
  readonly blankOnChildDataDeletion: EventListener = async (manager, event) => {
    if (event.type !== CHILD_DATA_DELETED_EVENT) return;
    await manager.update(OrderNote, { orderId: event.orderId }, { text: REDACTED });
  };

  /** The order's notes, oldest first. */
  notesOf(orderId: string): Promise<OrderNote[]> {
    return this.dataSource.getRepository(OrderNote).find({ where: { orderId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }
}
