import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { BookFormatEnum } from '../catalogue/catalogue.types';
import type { BookFormat } from '../catalogue/catalogue';
import { OrderStatus } from './order-status';

@ObjectType()
export class ShippingAddress {
  @Field()
  fullName: string;

  @Field()
  streetAddress: string;

  @Field(() => String, { nullable: true, description: 'Apartment, suite, unit or floor; null when not given.' })
  addressLine2?: string | null;

  @Field()
  city: string;

  @Field({ description: 'Its code (CA, ON) for an order placed since the lists; empty when not given.' })
  state: string;

  @Field()
  zipCode: string;

  @Field()
  country: string;

  @Field(() => String, {
    nullable: true,
    description: 'A phone number for the carrier (+1 416-555-0123); null when not given, and once the book has shipped.',
  })
  phone?: string | null;
}

/** A customer's order. Text is stored as typed (trimmed) and escaped where it is rendered. */
@ObjectType('Order', { description: "A customer's order, as the admin sees it." })
@Entity({ name: 'orders' })
@Index('orders_status_created_idx', ['status', 'createdAt', 'id'])
@Index('orders_created_idx', ['createdAt', 'id'])
// Trigram (pg_trgm GIN) indexes for the dashboard's search, made by migration 1764700000000:
// TypeORM cannot describe their operator class, so it leaves them alone.
@Index('orders_email_trgm_idx', { synchronize: false })
@Index('orders_child_name_trgm_idx', { synchronize: false })
@Index('orders_email_created_idx', ['email', 'createdAt'])
@Index('orders_checkout_idx', ['checkoutId'], { where: '"checkout_id" IS NOT NULL' })
@Index('orders_payment_id_idx', ['paymentId'], { where: '"payment_id" IS NOT NULL' })
@Check('orders_child_age_check', `"child_age" BETWEEN 2 AND 12`)
@Check('orders_book_format_check', `"book_format" IN ('digital', 'printed')`)
@Check('orders_status_check', `"status" IN ('Pending', 'Paid', 'Completed', 'Shipped', 'Cancelled', 'Refunded')`)
@Check('orders_amount_check', `"amount_cents" > 0`)
@Check('orders_gift_date_check', `("gift_delivery_date" IS NULL) = ("gift_send_at" IS NULL)`)
export class Order {
  @Field(() => ID)
  @PrimaryColumn('uuid')
  id: string;

  @Field(() => String, { nullable: true, description: "Null once the parent deleted the child's details." })
  @Column({ name: 'child_name', type: 'varchar', length: 50, nullable: true })
  childName: string | null;

  @Field(() => Int, { nullable: true, description: "Null once the parent deleted the child's details." })
  @Column({ name: 'child_age', type: 'smallint', nullable: true })
  childAge: number | null;

  @Field({ description: 'The life lesson.' })
  @Column({ type: 'varchar', length: 40 })
  moral: string;

  @Field({ description: "Empty when the parent gave none (or deleted the child's details)." })
  @Column({ name: 'story_idea', type: 'text', default: '' })
  storyIdea: string;

  @Field(() => String, { nullable: true, description: 'The words printed at the front of the book; null when none.' })
  @Column({ type: 'text', nullable: true })
  dedication: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      "A gift's message: printed on the dedication page of a printed book, written in the delivery e-mail of a digital one; null when none.",
  })
  @Column({ name: 'gift_message', type: 'text', nullable: true })
  giftMessage: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      "A digital gift's day (YYYY-MM-DD, the parent's own calendar): its delivery e-mail waits for it. Null: sent when ready.",
  })
  @Column({ name: 'gift_delivery_date', type: 'date', nullable: true })
  giftDeliveryDate: string | null;

  @Field(() => Date, {
    nullable: true,
    description: "When a digital gift's delivery e-mail goes out at the earliest: 08:00 on giftDeliveryDate where the parent is.",
  })
  @Column({ name: 'gift_send_at', type: 'timestamptz', precision: 3, nullable: true })
  giftSendAt: Date | null;

  @Field()
  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Field(() => BookFormatEnum)
  @Column({ name: 'book_format', type: 'varchar', length: 16 })
  bookFormat: BookFormat;

  @Field(() => String, { nullable: true })
  @Column({ name: 'book_style', type: 'varchar', length: 32, nullable: true })
  bookStyle: string | null;

  @Field(() => ShippingAddress, { nullable: true })
  @Column({ name: 'shipping_address', type: 'jsonb', nullable: true })
  shippingAddress: ShippingAddress | null;

  @Field(() => OrderStatus)
  @Column({ type: 'varchar', length: 16, default: OrderStatus.Pending })
  status: OrderStatus;

  @Field(() => Int, { description: 'What the customer pays, in integer cents.' })
  @Column({ name: 'amount_cents', type: 'integer' })
  amountCents: number;

  @Field()
  @Column({ type: 'char', length: 3 })
  currency: string;

  @Column({ name: 'photo_key', type: 'varchar', length: 255, nullable: true })
  photoKey: string | null;

  @Column({ name: 'video_key', type: 'varchar', length: 255, nullable: true })
  videoKey: string | null;

  /** The finished storybook's PDF: required to complete a digital order, optional for a printed one. */
  @Column({ name: 'pdf_key', type: 'varchar', length: 255, nullable: true })
  pdfKey: string | null;

  @Field(() => String, { nullable: true, description: 'The carrier a printed book was shipped with.' })
  @Column({ name: 'shipping_carrier', type: 'varchar', length: 32, nullable: true })
  shippingCarrier: string | null;

  @Field(() => String, { nullable: true, description: "The shipment's tracking number." })
  @Column({ name: 'tracking_number', type: 'varchar', length: 64, nullable: true })
  trackingNumber: string | null;

  @Field(() => String, { nullable: true })
  @Column({ name: 'payment_provider', type: 'varchar', length: 32, nullable: true })
  paymentProvider: string | null;

  /** The provider payment started for this order (resumed on a later visit); payment_id is set once paid. */
  @Column({ name: 'provider_payment_id', type: 'varchar', length: 255, nullable: true })
  providerPaymentId: string | null;

  /** One payment pays every book of a checkout, so the books of one checkout share it. */
  @Field(() => String, { nullable: true })
  @Column({ name: 'payment_id', type: 'varchar', length: 255, nullable: true })
  paymentId: string | null;

  /**
   * The first order of the checkout this book was bought in, when the parent added books to it
   * (the first order names itself); null for a checkout of one book. The first order's checkout
   * token, payment and payment page stand for the whole checkout.
   */
  @Column({ name: 'checkout_id', type: 'uuid', nullable: true })
  checkoutId: string | null;

  @Field()
  @Column({ name: 'created_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  createdAt: Date;

  @Field()
  @Column({ name: 'updated_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  updatedAt: Date;

  @Field(() => Date, { nullable: true })
  @Column({ name: 'paid_at', type: 'timestamptz', precision: 3, nullable: true })
  paidAt: Date | null;

  @Field(() => Date, { nullable: true })
  @Column({ name: 'completed_at', type: 'timestamptz', precision: 3, nullable: true })
  completedAt: Date | null;

  @Field(() => Date, { nullable: true })
  @Column({ name: 'shipped_at', type: 'timestamptz', precision: 3, nullable: true })
  shippedAt: Date | null;

  @Field(() => Date, { nullable: true })
  @Column({ name: 'cancelled_at', type: 'timestamptz', precision: 3, nullable: true })
  cancelledAt: Date | null;

  @Field(() => Date, { nullable: true })
  @Column({ name: 'refunded_at', type: 'timestamptz', precision: 3, nullable: true })
  refundedAt: Date | null;

  @Field(() => Date, {
    nullable: true,
    description:
      "When the parent deleted the child's photo, files and details (name, age, story idea, dedication, gift message, address).",
  })
  @Column({ name: 'child_data_deleted_at', type: 'timestamptz', precision: 3, nullable: true })
  childDataDeletedAt: Date | null;
}
