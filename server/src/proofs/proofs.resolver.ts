import type { FileUpload } from 'graphql-upload/processRequest.mjs';
import GraphQLUpload from 'graphql-upload/GraphQLUpload.mjs';
import { Arg, Authorized, FieldResolver, ID, Int, Mutation, Resolver, Root } from 'type-graphql';
import type { AdminUser } from '../admin/admin-user.entity';
import { OwnerOnly } from '../graphql/auth-checker';
import { CurrentAdmin } from '../graphql/current-admin';
import { toPayload } from '../graphql/payload';
import type { MediaSigner } from '../media/signed-url';
import { adminActor } from '../orders/actor';
import { Order } from '../orders/order.entity';
import { orderProofView, OrderProofView, ProofPayload } from './proof.types';
import type { OrderService } from '../checkout/order.service';
import type { ProofsService } from './proofs.service';

/** The studio's side of proofs: sending one, approving one for the parent, and an order's proofs. */
@Resolver(() => Order)
export class ProofsResolver {
  private readonly service: ProofsService;
  private readonly signer: MediaSigner;

  private readonly orders: OrderService;

  constructor(services: { proofs: ProofsService; signer: MediaSigner; orders: OrderService }) {
    this.service = services.proofs;
    this.signer = services.signer;
    this.orders = services.orders;
  }

  @Authorized()
  @Mutation(() => ProofPayload, {
    description:
      'A multipart request with `proof`: a PDF (judged by its bytes; at most shopConfig.pdfMaxBytes) of a Paid ' +
      "order's book for the parent to review. Stores it as the next version (replacing one still unanswered) and " +
      'e-mails the parent "your book is ready to review".',
  })
  async sendProof(
    @Arg('orderId', () => ID) orderId: string,
    @Arg('proof', () => GraphQLUpload) proof: Promise<FileUpload>,
    @CurrentAdmin() admin: AdminUser,
  ): Promise<ProofPayload> {
    return this.payload(orderId, await this.service.sendProof(orderId, proof, adminActor(admin)));
  }

  @OwnerOnly()
  @Mutation(() => ProofPayload, {
    description:
      'Owners only. Approves proof `version` (the newest) for the parent, who said so another way; `note` (at most 2,000 ' +
      'characters) records how. Recorded as approved on their behalf.',
  })
  async approveProofForParent(
    @Arg('orderId', () => ID) orderId: string,
    @Arg('version', () => Int, { description: 'The proof the parent approved: refused when a newer one was sent.' })
    version: number,
    @Arg('note', () => String) note: string,
    @CurrentAdmin() admin: AdminUser,
  ): Promise<ProofPayload> {
    return this.payload(orderId, await this.service.approveForParent(orderId, version, note, adminActor(admin)));
  }

  @Authorized()
  @FieldResolver(() => [OrderProofView], { description: 'The proofs sent to the parent, newest first.' })
  async proofs(@Root() order: Order): Promise<OrderProofView[]> {
    return (await this.service.proofsOf(order.id)).map((proof) => orderProofView(proof, this.signer));
  }

  private async payload(orderId: string, outcome: Awaited<ReturnType<ProofsService['sendProof']>>): Promise<ProofPayload> {
    const order = outcome.ok ? await this.orders.findOrder(orderId) : null;
    return toPayload(outcome, (proof) => ({ order, proof: orderProofView(proof, this.signer) }), { order: null, proof: null });
  }
}
