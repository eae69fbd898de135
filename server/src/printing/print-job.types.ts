import { Field, Int, ObjectType } from 'type-graphql';
import { UserError } from '../common/user-error';
import { Order } from '../orders/order.entity';
import type { PrintJob } from './print-job.entity';
import { printStatusLabel } from './print-job-status';

@ObjectType('PrintJob', { description: "A printed order's job at the print partner (PRINT_PROVIDER=lulu)." })
export class PrintJobView {
  @Field({ description: 'The print partner: lulu.' })
  provider: string;

  @Field(() => String, { nullable: true, description: "The partner's id of the job, once it is sent." })
  externalId: string | null;

  @Field({
    description:
      "FILES_READY (checked and priced, not sent), SENDING, or the partner's status: CREATED, UNPAID, " +
      'PAYMENT_IN_PROGRESS, PRODUCTION_DELAYED, PRODUCTION_READY, IN_PRODUCTION, SHIPPED, REJECTED, CANCELED, ERROR.',
  })
  status: string;

  @Field({ description: 'The status in words.' })
  statusLabel: string;

  @Field(() => Int, { description: 'Interior pages.' })
  pageCount: number;

  @Field(() => Int, {
    nullable: true,
    description: 'What the partner charges the shop for printing and shipping it, tax included, in integer cents of `currency`.',
  })
  costCents: number | null;

  @Field(() => String, { nullable: true })
  currency: string | null;

  @Field(() => String, { nullable: true, description: "The partner's message when it refused, rejected or failed the job." })
  error: string | null;

  @Field({ description: 'False once the files are removed (the parent deleted the child’s details).' })
  hasFiles: boolean;

  @Field(() => Date, { nullable: true })
  sentAt: Date | null;

  @Field()
  updatedAt: Date;
}

export function printJobView(job: PrintJob): PrintJobView {
  return {
    provider: job.provider,
    externalId: job.externalId,
    status: job.status,
    statusLabel: printStatusLabel(job.status),
    pageCount: job.pageCount,
    costCents: job.costCents,
    currency: job.currency,
    error: job.error,
    hasFiles: job.interiorKey !== null && job.coverKey !== null,
    sentAt: job.sentAt,
    updatedAt: job.updatedAt,
  };
}

@ObjectType({ description: 'How printed books are printed: by hand (manual) or by a print partner.' })
export class PrintPartnerInfo {
  @Field({ description: 'manual (an admin prints elsewhere and marks the order shipped) or lulu.' })
  provider: string;

  @Field(() => String, { nullable: true, description: "The partner's product code the shop prints (Lulu's pod_package_id)." })
  productId: string | null;

  @Field(() => String, { nullable: true, description: "The partner's shipping level." })
  shippingLevel: string | null;
}

@ObjectType()
export class PrintJobPayload {
  @Field(() => Order, { nullable: true })
  order: Order | null;

  @Field(() => PrintJobView, { nullable: true })
  printJob: PrintJobView | null;

  @Field(() => [UserError])
  userErrors: UserError[];
}
