import { Field, Float, ObjectType } from 'type-graphql';

/** What the payment page needs to load PayPal's buttons. */
export interface PayPalButtonSettings {
  clientId: string;
  sdkUrl: string;
}

@ObjectType({ description: "What the payment page needs to load PayPal's buttons." })
export class PayPalSettings implements PayPalButtonSettings {
  @Field({ description: "The REST app's client id, for PayPal's JS SDK (public)." })
  clientId: string;

  @Field({ description: "The address PayPal's JS SDK is loaded from." })
  sdkUrl: string;
}
import type { PaymentProviderName } from '../payments/payment-provider';
import { PaymentProviderNameEnum } from '../payments/payment.types';

/** How this shop is set up, as far as its pages need to know; chosen once, by the composition root. */
export interface ShopSettings {
  /** The first of `paymentProviders`. */
  paymentProvider: PaymentProviderName;
  /** Every way to pay the payment page offers (Stripe and PayPal may both be active). */
  paymentProviders: PaymentProviderName[];
  /** PayPal's buttons, when PayPal is configured. */
  paypal: PayPalButtonSettings | null;
  /** The advertising pixel id; null: no pixel, no consent banner. */
  pixelId: string | null;
  /** Largest finished video an admin may upload, in bytes. */
  videoMaxBytes: number;
  /** Largest finished storybook PDF an admin may upload, in bytes. */
  pdfMaxBytes: number;
  /** Admins' browsers send finished videos straight to the bucket (startVideoUpload), not through the shop. */
  videoUploadsDirect: boolean;
  /** False when no mail provider is set up: e-mails are queued in the outbox and not sent. */
  emailSending: boolean;
}

@ObjectType({ description: 'What the storefront needs to know about how this shop is set up.' })
export class ShopConfig implements ShopSettings {
  @Field(() => PaymentProviderNameEnum, { description: 'The first of paymentProviders.' })
  paymentProvider: PaymentProviderName;

  @Field(() => [PaymentProviderNameEnum], { description: 'Every way to pay the payment page offers.' })
  paymentProviders: PaymentProviderName[];

  @Field(() => PayPalSettings, { nullable: true, description: "PayPal's buttons; null when PayPal is not configured." })
  paypal: PayPalSettings | null;

  @Field(() => String, { nullable: true, description: 'The advertising pixel id; null: no pixel, no consent banner.' })
  pixelId: string | null;

  @Field(() => Float, { description: 'Largest finished video an admin may upload, in bytes.' })
  videoMaxBytes: number;

  @Field(() => Float, { description: 'Largest finished storybook PDF an admin may upload, in bytes.' })
  pdfMaxBytes: number;

  @Field({
    description:
      'True when finished videos go from the browser straight to storage (startVideoUpload, then uploadedVideo); ' +
      'false: send them with completeOrderWithVideo or reviseDelivery.',
  })
  videoUploadsDirect: boolean;

  @Field({
    description: 'False when no mail provider is set up: e-mails wait in the outbox (shown to admins) and are not sent.',
  })
  emailSending: boolean;
}
