/**
 * The parent's private order page, as the API answers it to the holder of one of the order's
 * links: what was ordered, where it stands, the delivered files, and what the parent may do.
 */
import { Field, ID, Int, ObjectType } from 'type-graphql';
import type { BookFormat } from '../catalogue/catalogue';
import { BookFormatEnum } from '../catalogue/catalogue.types';
import { UserError } from '../common/user-error';
import { ChangeRequest } from './change-request';
import { ProofReview } from '../proofs/proof.types';
import { ShippingAddress } from '../orders/order.entity';
import { OrderStatus } from '../orders/order-status';

@ObjectType({ description: 'One step of the order, in plain words for the parent.' })
export class OrderTimelineEntry {
  @Field()
  at: Date;

  @Field()
  title: string;

  @Field(() => String, { nullable: true })
  detail: string | null;
}

@ObjectType({ description: 'The latest delivered version of the book, with signed links that work for hours.' })
export class OrderPageDelivery {
  @Field(() => Int)
  version: number;

  @Field()
  deliveredAt: Date;

  @Field(() => String, { nullable: true, description: 'For a video player (inline; supports Range requests).' })
  watchUrl: string | null;

  @Field(() => String, { nullable: true, description: 'Downloads the video.' })
  videoDownloadUrl: string | null;

  @Field(() => String, { nullable: true, description: 'Downloads the storybook PDF; null when there is none.' })
  pdfUrl: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Opens the storybook PDF in the browser (to read, not save); null when there is none.',
  })
  pdfReadUrl: string | null;

  @Field(() => String, { nullable: true, description: "The video's type: video/mp4, video/quicktime or video/webm." })
  contentType: string | null;
}

@ObjectType()
export class OrderShipment {
  @Field()
  carrier: string;

  @Field()
  trackingNumber: string;

  @Field(() => String, { nullable: true, description: "The carrier's tracking page; null for a carrier we do not know." })
  trackingUrl: string | null;

  @Field()
  shippedAt: Date;
}

@ObjectType()
export class OrderRefund {
  @Field(() => Int)
  amountCents: number;

  @Field()
  refundedAt: Date;

  @Field(() => String, { nullable: true, description: 'Why, in words meant for the parent; null when none was given.' })
  reason: string | null;
}

@ObjectType()
export class ReceiptLine {
  @Field({ description: 'What was bought, in words: the book, its lesson, and who it stars.' })
  description: string;

  @Field(() => Int, { description: 'In integer cents; below zero for a discount.' })
  amountCents: number;
}

@ObjectType()
export class ReceiptRefund {
  @Field(() => Int)
  amountCents: number;

  @Field()
  refundedAt: Date;
}

@ObjectType({ description: 'What the parent paid, to print or keep: issued once the order is paid.' })
export class OrderReceipt {
  @Field({ description: "The receipt's number: the order's reference." })
  number: string;

  @Field({ description: 'When the payment was received.' })
  paidAt: Date;

  @Field({ description: "The shop's name (SHOP_NAME)." })
  shopName: string;

  @Field(() => [String], { description: "The shop's postal address, a line each (SHOP_ADDRESS); empty when not set." })
  shopAddress: string[];

  @Field({ description: 'Who paid: the e-mail on the order.' })
  billedTo: string;

  @Field(() => [ReceiptLine])
  lines: ReceiptLine[];

  @Field(() => Int, { description: 'What was paid, in integer cents of `currency`.' })
  totalCents: number;

  @Field()
  currency: string;

  @Field({ description: 'How it was paid, in words ("Card, through Stripe").' })
  paidWith: string;

  @Field(() => Int, { description: 'What has gone back to the parent since, in integer cents.' })
  refundedCents: number;

  @Field(() => [ReceiptRefund], { description: 'The money that went back, oldest first.' })
  refunds: ReceiptRefund[];
}

@ObjectType('PaidOrderChanges', {
  description: 'Whether the parent may still correct or cancel a paid book: until the studio starts on it, 12 hours at most.',
})
export class PaidOrderChangesType {
  @Field({ description: 'Whether correctPaidOrder and cancelPaidOrder are open now (never through a delivery link).' })
  open: boolean;

  @Field(() => Date, { nullable: true, description: 'When the window closes at the latest; null when it is not open.' })
  until: Date | null;

  @Field(() => String, { nullable: true, description: 'Why not, for a paid or delivered book whose window has closed.' })
  whyNot: string | null;
}

@ObjectType({ description: "A digital book's delivery date: the day its e-mail waits for (a gift's, say)." })
export class GiftDelivery {
  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD; null: e-mailed as soon as the book is ready.' })
  date: string | null;

  @Field(() => Date, {
    nullable: true,
    description: 'When the e-mail goes out at the earliest: 08:00 on that day where the parent is.',
  })
  sendAt: Date | null;

  @Field(() => Date, { nullable: true, description: "When the book's e-mail went out; null while it waits." })
  emailedAt: Date | null;

  @Field({ description: 'Whether changeGiftDeliveryDate may still change it (until the e-mail goes out).' })
  canChange: boolean;
}

@ObjectType({ description: "The parent's private order page." })
export class OrderPage {
  @Field(() => ID)
  id: string;

  @Field({ description: "The short reference used in e-mails (the id's first 8 characters)." })
  reference: string;

  @Field(() => OrderStatus)
  status: OrderStatus;

  @Field(() => String, { nullable: true, description: "Null after the parent deleted the child's data." })
  childName: string | null;

  @Field(() => Int, { nullable: true })
  childAge: number | null;

  @Field()
  moral: string;

  @Field(() => String, { nullable: true })
  storyIdea: string | null;

  @Field(() => String, { nullable: true })
  dedication: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'A gift message: on the dedication page of a printed book, in the delivery e-mail of a digital one.',
  })
  giftMessage: string | null;

  @Field(() => GiftDelivery, { nullable: true, description: "A digital book's delivery date; null for a printed book." })
  giftDelivery: GiftDelivery | null;

  @Field(() => BookFormatEnum)
  bookFormat: BookFormat;

  @Field(() => String, { nullable: true })
  bookStyle: string | null;

  @Field({ description: 'The plan title, e.g. Premium Printed Storybook.' })
  title: string;

  @Field()
  email: string;

  @Field(() => ShippingAddress, { nullable: true })
  shippingAddress: ShippingAddress | null;

  @Field(() => Int)
  amountCents: number;

  @Field()
  currency: string;

  @Field({
    description: 'Whether the price includes shipping (true for printed books: shipping to the US and Canada is included).',
  })
  shippingIncluded: boolean;

  @Field()
  createdAt: Date;

  @Field(() => String, { nullable: true, description: "A signed, short-lived link to the child's photo; null once deleted." })
  photoUrl: string | null;

  @Field(() => [OrderTimelineEntry], {
    description:
      'Oldest first, in plain words for the parent (from the order\'s history): "Order placed", "Payment received", ...',
  })
  timeline: OrderTimelineEntry[];

  @Field(() => OrderPageDelivery, {
    nullable: true,
    description: 'The latest delivery when Completed or Shipped (signed links, hours-long), else null.',
  })
  delivery: OrderPageDelivery | null;

  @Field(() => OrderShipment, { nullable: true, description: 'Printed and Shipped: carrier, tracking number and link.' })
  shipment: OrderShipment | null;

  @Field(() => [OrderRefund])
  refunds: OrderRefund[];

  @Field({
    description: 'True when a change may be requested now (Completed/Shipped, within 7 days of delivery, no free round used).',
  })
  canRequestChange: boolean;

  @Field(() => Date, { nullable: true, description: 'Until when a change may be requested; null when not delivered.' })
  changeRequestDeadline: Date | null;

  @Field(() => [ChangeRequest], { description: "The parent's requests for a change, oldest first." })
  changeRequests: ChangeRequest[];

  @Field({ description: 'True once deleteChildData ran.' })
  childDataDeleted: boolean;

  @Field({ description: "The token this page was opened with works as the payment page's checkoutToken while Pending." })
  canPay: boolean;

  @Field(() => ProofReview, {
    nullable: true,
    description:
      "The newest proof of the book sent for the parent's review; null when none was sent (or the child's data was deleted).",
  })
  proof: ProofReview | null;

  @Field({
    description:
      'True when the newest proof waits for the answer of whoever holds this link: approveProof or requestProofChanges.',
  })
  canAnswerProof: boolean;

  @Field(() => PaidOrderChangesType, {
    description:
      'Whether the parent may still correct the details (correctPaidOrder) or cancel with a full refund (cancelPaidOrder).',
  })
  changes: PaidOrderChangesType;

  @Field(() => OrderReceipt, { nullable: true, description: 'The receipt, once the order is paid; null before.' })
  receipt: OrderReceipt | null;

  @Field(() => String, {
    nullable: true,
    description:
      "The receipt's own address (/receipt/{orderId}/{signature}, relative to the shop's), which opens the receipt and nothing else: safe to forward. Null before payment.",
  })
  receiptUrl: string | null;
}

@ObjectType()
export class RequestOrderLinksPayload {
  @Field(() => [UserError], {
    description: 'INVALID_INPUT for a malformed e-mail address, RATE_LIMITED past the limit for this client.',
  })
  userErrors: UserError[];
}

@ObjectType()
export class OrderPagePayload {
  @Field(() => OrderPage, { nullable: true })
  order: OrderPage | null;

  @Field(() => [UserError])
  userErrors: UserError[];
}

@ObjectType()
export class RenewOrderLinkPayload {
  @Field(() => String, { nullable: true, description: 'The new token: /order/{token}. Every older link stops working.' })
  token: string | null;

  @Field(() => [UserError])
  userErrors: UserError[];
}
