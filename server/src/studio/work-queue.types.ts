import { ArgsType, Field, Int, ObjectType } from 'type-graphql';
import { AdminUser } from '../admin/admin-user.entity';
import { PageInfo } from '../admin-orders/order-connection.types';
import { Order } from '../orders/order.entity';
import { WorkReason } from './work-reason';

@ObjectType('WorkItem', { description: 'Something the staff have to do about an order, and by when.' })
export class WorkItemType {
  @Field(() => Order)
  order: Order;

  @Field(() => AdminUser, { nullable: true, description: 'Who has taken the order; null when nobody has.' })
  assignee: AdminUser | null;

  @Field(() => WorkReason)
  reason: WorkReason;

  @Field({
    description:
      "When the shop promised it (the catalogue's times: 24 h for a digital book, 7 business days to ship a printed one, 2 days for a change).",
  })
  dueAt: Date;

  @Field({ description: 'Past its due time.' })
  overdue: boolean;

  @Field({ description: 'Since when it has been waiting.' })
  since: Date;

  @Field()
  cursor: string;
}

@ObjectType({ description: 'How many items of one kind wait, and how many of them are overdue.' })
export class WorkReasonCount {
  @Field(() => WorkReason)
  reason: WorkReason;

  @Field(() => Int)
  count: number;

  @Field(() => Int)
  overdue: number;
}

@ObjectType({ description: "The studio's queue: soonest due first." })
export class WorkQueue {
  @Field(() => [WorkItemType])
  items: WorkItemType[];

  @Field(() => [WorkReasonCount], {
    description: 'Every reason, with its count for the same assignee filter (not the reason filter).',
  })
  counts: WorkReasonCount[];

  @Field(() => PageInfo)
  pageInfo: PageInfo;
}

@ArgsType()
export class WorkQueueArgs {
  @Field(() => WorkReason, { nullable: true, description: 'Only this kind of work; every kind when omitted.' })
  reason: WorkReason | null;

  @Field({ defaultValue: false, description: 'Only orders assigned to the signed-in admin.' })
  assignedToMe: boolean;

  @Field(() => Int, { defaultValue: 20, description: '1 to 100.' })
  first: number;

  @Field(() => String, { nullable: true, description: "The previous page's endCursor." })
  after: string | null;
}
