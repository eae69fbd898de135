import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { UserError } from '../common/user-error';
import type { MediaSigner } from '../media/signed-url';
import { Order } from '../orders/order.entity';
import type { OrderProof } from './order-proof.entity';
import { ProofStatus } from './proof-status';

const PARENT = 'customer';

@ObjectType({ description: "A proof's first page drawn as an image, to show while the page-by-page viewer loads." })
export class ProofPageImage {
  @Field({ description: 'The JPEG image; signed, like the PDF.' })
  url: string;

  @Field(() => Int, { description: "The image's width in pixels." })
  width: number;

  @Field(() => Int, { description: "The image's height in pixels." })
  height: number;
}

@ObjectType({
  description: "A page's size in PDF points (1/72 inch), as it is shown (a page turned a quarter is measured on its side).",
})
export class ProofPageSize {
  @Field(() => Float)
  width: number;

  @Field(() => Float)
  height: number;
}

/** A proof as the parent's order page shows it. */
@ObjectType({ description: 'A proof of the book for the parent to review, with a signed link to its PDF.' })
export class ProofReview {
  @Field(() => Int)
  version: number;

  @Field(() => ProofStatus)
  status: ProofStatus;

  @Field()
  sentAt: Date;

  @Field(() => Date, { nullable: true })
  answeredAt: Date | null;

  @Field(() => String, { nullable: true, description: 'What the parent asked to change; null otherwise.' })
  changesAsked: string | null;

  @Field({ description: 'True when the shop approved it for the parent (who said so another way).' })
  approvedOnBehalf: boolean;

  @Field(() => Int, { description: "The PDF's size in bytes." })
  bytes: number;

  @Field(() => String, {
    nullable: true,
    description: 'The PDF (inline; answers Range requests, so a viewer fetches only the pages it shows); null once deleted.',
  })
  url: string | null;

  @Field(() => ProofPageImage, {
    nullable: true,
    description:
      'The first page as an image; null until it is drawn (a few seconds after sending), for a PDF that cannot be drawn, or once deleted.',
  })
  firstPage: ProofPageImage | null;

  @Field(() => ProofPageSize, {
    nullable: true,
    description:
      "The first page's size, known from the moment the proof is sent: a viewer keeps the page's shape with it before the page is drawn. Null when it could not be read in time, for a page too tall to be a book's, for proofs sent before sizes were read, and once deleted.",
  })
  firstPageSize: ProofPageSize | null;
}

/** A proof as the studio sees it. */
@ObjectType('OrderProof', { description: 'One proof of the book sent to the parent, newest first.' })
export class OrderProofView extends ProofReview {
  @Field(() => ID)
  id: string;

  @Field({ description: 'Who sent it: admin:{email}.' })
  sentBy: string;

  @Field(() => String, { nullable: true, description: 'customer, or admin:{email} for an owner approving for the parent.' })
  answeredBy: string | null;

  @Field(() => String, {
    nullable: true,
    description: "The parent's words when they asked for changes; the owner's note when approved for the parent.",
  })
  message: string | null;

  @Field(() => Date, { nullable: true, description: 'When the parent was reminded to answer.' })
  remindedAt: Date | null;
}

export function proofReview(proof: OrderProof, signer: MediaSigner, ttlSeconds?: number): ProofReview {
  const byParent = proof.answeredBy === PARENT;
  return {
    version: proof.version,
    status: proof.status,
    sentAt: proof.createdAt,
    answeredAt: proof.answeredAt,
    changesAsked: proof.status === ProofStatus.CHANGES_ASKED && byParent ? proof.message : null,
    approvedOnBehalf: proof.status === ProofStatus.APPROVED && !byParent,
    bytes: proof.bytes,
    url: proof.filesRemovedAt ? null : signer.url(proof.pdfKey, ttlSeconds),
    firstPage:
      proof.filesRemovedAt || !proof.firstPageKey
        ? null
        : {
            url: signer.url(proof.firstPageKey, ttlSeconds),
            width: proof.firstPageWidth ?? 0,
            height: proof.firstPageHeight ?? 0,
          },
    firstPageSize:
      proof.filesRemovedAt || !proof.pageWidthPt || !proof.pageHeightPt
        ? null
        : { width: proof.pageWidthPt, height: proof.pageHeightPt },
  };
}

export function orderProofView(proof: OrderProof, signer: MediaSigner): OrderProofView {
  return {
    ...proofReview(proof, signer),
    id: proof.id,
    sentBy: proof.sentBy,
    answeredBy: proof.answeredBy,
    message: proof.message,
    remindedAt: proof.remindedAt,
  };
}

@ObjectType()
export class ProofPayload {
  @Field(() => Order, { nullable: true, description: 'The order; read its `proofs`.' })
  order: Order | null;

  @Field(() => OrderProofView, { nullable: true })
  proof: OrderProofView | null;

  @Field(() => [UserError])
  userErrors: UserError[];
}
