import type { FileUpload } from 'graphql-upload/processRequest.mjs';
import GraphQLUpload from 'graphql-upload/GraphQLUpload.mjs';
import { Arg, Authorized, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { AdminUser } from '../admin/admin-user.entity';
import { OwnerOnly } from '../graphql/auth-checker';
import { CurrentAdmin } from '../graphql/current-admin';
import { toPayload } from '../graphql/payload';
import type { Outcome } from '../common/user-error';
import { adminActor } from '../orders/actor';
import { Order } from '../orders/order.entity';
import type { PrintJob } from './print-job.entity';
import { PrintJobPayload, printJobView, PrintJobView, PrintPartnerInfo } from './print-job.types';
import type { OrderService } from '../checkout/order.service';
import type { PrintingService } from './printing.service';

/** The studio's side of printing at the print partner: the files, the job, and where it stands. */
@Resolver(() => Order)
export class PrintingResolver {
  private readonly printing: PrintingService;
  private readonly orders: OrderService;

  constructor(services: { printing: PrintingService; orders: OrderService }) {
    this.printing = services.printing;
    this.orders = services.orders;
  }

  @Authorized()
  @Query(() => PrintPartnerInfo, { description: 'Admin only. How printed books are printed (PRINT_PROVIDER).' })
  printPartner(): PrintPartnerInfo {
    return this.printing.partnerInfo();
  }

  @Authorized()
  @Mutation(() => PrintJobPayload, {
    description:
      'Admin only; PRINT_PROVIDER=lulu. A multipart request with `interior` and `cover` PDFs of a printed order whose newest ' +
      "proof is approved. Checked before anything is sent: every interior page the product's trim size with 0.125 in " +
      "bleed, the page count within the binding's limits, the cover one page of the size the partner computes for " +
      "that many pages. Stores them with the partner's price (printJob.costCents); replaces files not yet sent.",
  })
  async uploadPrintFiles(
    @Arg('orderId', () => ID) orderId: string,
    @Arg('interior', () => GraphQLUpload) interior: Promise<FileUpload>,
    @Arg('cover', () => GraphQLUpload) cover: Promise<FileUpload>,
    @CurrentAdmin() admin: AdminUser,
  ): Promise<PrintJobPayload> {
    return this.payload(orderId, await this.printing.uploadPrintFiles(orderId, interior, cover, adminActor(admin)));
  }

  @Authorized()
  @Mutation(() => PrintJobPayload, {
    description:
      "Admin only; PRINT_PROVIDER=lulu. Sends the order's uploaded print files to the partner as its one print job (the " +
      "order's id is the partner's external id: sending again after a lost answer finds that job, and never prints twice). " +
      'The partner then ships it, and its webhook marks the order Shipped and e-mails the parent the tracking number.',
  })
  async sendToPrinter(@Arg('orderId', () => ID) orderId: string, @CurrentAdmin() admin: AdminUser): Promise<PrintJobPayload> {
    return this.payload(orderId, await this.printing.sendToPrinter(orderId, adminActor(admin)));
  }

  @OwnerOnly()
  @Mutation(() => PrintJobPayload, {
    description:
      "Owners only; PRINT_PROVIDER=lulu. Cancels the order's print job at Lulu, which allows it only before production " +
      "(CREATED, UNPAID, PRODUCTION_DELAYED); refused with Lulu's reason after that. A full refund does this by itself.",
  })
  async cancelPrintJob(@Arg('orderId', () => ID) orderId: string, @CurrentAdmin() admin: AdminUser): Promise<PrintJobPayload> {
    return this.payload(orderId, await this.printing.cancelAtPrinter(orderId, adminActor(admin)));
  }

  @Authorized()
  @FieldResolver(() => PrintJobView, {
    nullable: true,
    description: "The order's job at the print partner; null before files are uploaded.",
  })
  async printJob(@Root() order: Order): Promise<PrintJobView | null> {
    const job = await this.printing.printJobOf(order.id);
    return job ? printJobView(job) : null;
  }

  private async payload(orderId: string, outcome: Outcome<PrintJob>): Promise<PrintJobPayload> {
    const order = outcome.ok ? await this.orders.findOrder(orderId) : null;
    return toPayload(outcome, (job) => ({ order, printJob: printJobView(job) }), { order: null, printJob: null });
  }
}
