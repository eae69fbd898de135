import { Arg, Args, Authorized, Field, FieldResolver, ID, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import { AdminUser } from '../admin/admin-user.entity';
import { UserError } from '../common/user-error';
import { CurrentAdmin } from '../graphql/current-admin';
import { toPayload, valueOrBadInput } from '../graphql/payload';
import { Order } from '../orders/order.entity';
import type { AssignmentService } from './assignment.service';
import type { ChangeAnswersService } from './change-answers.service';
import { OrderNote } from './order-note.entity';
import type { OrderNotesService } from './order-notes.service';
import type { WorkQueueService } from './work-queue.service';
import { WorkQueue, WorkQueueArgs } from './work-queue.types';

@ObjectType()
export class AssignOrderPayload {
  @Field(() => ID, { nullable: true, description: 'The order; read its `assignee`. Null when refused.' })
  orderId: string | null;

  @Field(() => [UserError])
  userErrors: UserError[];
}

@ObjectType()
export class ChangeAnswerPayload {
  @Field(() => Order, { nullable: true, description: 'The order; its changeRequest is now null.' })
  order: Order | null;

  @Field(() => [UserError])
  userErrors: UserError[];
}

@ObjectType()
export class AddOrderNotePayload {
  @Field(() => OrderNote, { nullable: true })
  note: OrderNote | null;

  @Field(() => [UserError])
  userErrors: UserError[];
}

/** The studio's own record of an order: who has it, and the notes staff leave each other. */
@Resolver(() => Order)
export class StudioResolver {
  private readonly assignments: AssignmentService;
  private readonly orderNotes: OrderNotesService;

  private readonly changeAnswers: ChangeAnswersService;

  constructor(services: { assignments: AssignmentService; orderNotes: OrderNotesService; changeAnswers: ChangeAnswersService }) {
    this.assignments = services.assignments;
    this.orderNotes = services.orderNotes;
    this.changeAnswers = services.changeAnswers;
  }

  @Authorized()
  @Mutation(() => ChangeAnswerPayload, {
    description:
      "Answers the parent's open change request with a reply (at most 2,000 characters), e-mailed to them; the " +
      "request is closed and the parent's timeline shows the reply. For a new version of the book, use reviseDelivery.",
  })
  async answerChangeRequest(
    @Arg('orderId', () => ID) orderId: string,
    @Arg('reply', () => String) reply: string,
    @CurrentAdmin() admin: AdminUser,
  ): Promise<ChangeAnswerPayload> {
    return toPayload(await this.changeAnswers.answer(orderId, reply, admin), (order) => ({ order }), { order: null });
  }

  @Authorized()
  @Mutation(() => ChangeAnswerPayload, {
    description:
      "Declines the parent's open change request with the reason (at most 2,000 characters), e-mailed to them; the " +
      'request is closed.',
  })
  async declineChangeRequest(
    @Arg('orderId', () => ID) orderId: string,
    @Arg('reason', () => String) reason: string,
    @CurrentAdmin() admin: AdminUser,
  ): Promise<ChangeAnswerPayload> {
    return toPayload(await this.changeAnswers.decline(orderId, reason, admin), (order) => ({ order }), { order: null });
  }

  @Authorized()
  @Mutation(() => AssignOrderPayload, {
    description:
      'Gives the order to an active admin ("Assign to me" passes your own id), or to nobody with a null adminId. ' +
      "Recorded in the order's history.",
  })
  async assignOrder(
    @Arg('orderId', () => ID) orderId: string,
    @Arg('adminId', () => ID, { nullable: true }) adminId: string | null,
    @CurrentAdmin() admin: AdminUser,
  ): Promise<AssignOrderPayload> {
    return toPayload(await this.assignments.assign(orderId, adminId ?? null, admin), (value) => value, { orderId: null });
  }

  @Authorized()
  @Mutation(() => AddOrderNotePayload, {
    description:
      'A note for the staff about the order (at most 2,000 characters, line breaks kept), never shown to the parent. ' +
      "The order's history records that a note was added.",
  })
  async addOrderNote(
    @Arg('orderId', () => ID) orderId: string,
    @Arg('text', () => String) text: string,
    @CurrentAdmin() admin: AdminUser,
  ): Promise<AddOrderNotePayload> {
    return toPayload(await this.orderNotes.addNote(orderId, text, admin), (note) => ({ note }), { note: null });
  }

  @Authorized()
  @FieldResolver(() => AdminUser, { nullable: true, description: 'The admin who has taken the order; null when nobody has.' })
  assignee(@Root() order: Order): Promise<AdminUser | null> {
    return this.assignments.assigneeOf(order.id);
  }

  @Authorized()
  @FieldResolver(() => [OrderNote], { description: 'Staff notes about the order, oldest first. Never shown to the parent.' })
  notes(@Root() order: Order): Promise<OrderNote[]> {
    return this.orderNotes.notesOf(order.id);
  }
}

/** The studio's queue: what needs doing, soonest due first. */
@Resolver()
export class WorkQueueResolver {
  private readonly queue: WorkQueueService;

  constructor(services: { workQueue: WorkQueueService }) {
    this.queue = services.workQueue;
  }

  @Authorized()
  @Query(() => WorkQueue, {
    description:
      'What the staff have to do, soonest due first: books to make, changes asked, printed books to ship, payments ' +
      'and e-mails that need a look. Overdue items are flagged; counts per reason come with every page.',
  })
  async workQueue(
    @Args(() => WorkQueueArgs) { reason, assignedToMe, first, after }: WorkQueueArgs,
    @CurrentAdmin() admin: AdminUser,
  ): Promise<WorkQueue> {
    const page = valueOrBadInput(
      await this.queue.page({ reason: reason ?? null, assignedTo: assignedToMe ? admin.id : null, first, after: after ?? null }),
    );
    return {
      items: page.items,
      counts: page.counts,
      pageInfo: { hasNextPage: page.hasNextPage, endCursor: page.endCursor },
    };
  }
}
