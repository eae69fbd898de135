import { Authorized, FieldResolver, Resolver, Root } from 'type-graphql';
import type { MediaSigner } from '../media/signed-url';
import { Order } from '../orders/order.entity';

/** The admin's links to an order's delivered files, beside the video's (admin-order.resolver.ts). */
@Resolver(() => Order)
export class DeliveryFilesResolver {
  private readonly signer: MediaSigner;

  constructor(services: { signer: MediaSigner }) {
    this.signer = services.signer;
  }

  @Authorized()
  @FieldResolver(() => String, { nullable: true, description: 'A signed link to the delivered storybook PDF that expires.' })
  pdfUrl(@Root() order: Order): string | null {
    return order.pdfKey ? this.signer.url(order.pdfKey) : null;
  }
}
