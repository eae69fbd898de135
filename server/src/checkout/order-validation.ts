/**
 * Server-side validation of a new order, in the spec's order and with its exact messages.
 * The rules are the decorators on CreateOrderInput (their order: order-rules.ts); this trims
 * the text, runs them through the shop's one validator and hands back the cleaned order or
 * the first failure. Pure: it touches nothing.
 */
import type { BookFormat } from '../catalogue/catalogue';
import { phoneNumberFor, postalCodeFor, regionCodeOf } from '../catalogue/shipping-destinations';
import { firstInputError } from '../common/input-validation';
import { type Outcome, refuse, UserErrorCode } from '../common/user-error';
import { checkGiftDate } from '../orders/gift-delivery';
import { CreateOrderInput, ShippingAddressInput } from './create-order.input';
import type { ShippingAddress } from '../orders/order.entity';

export interface ValidOrder {
  childName: string;
  childAge: number;
  moral: string;
  storyIdea: string;
  /** Null when the parent wrote none; line breaks kept as \n. */
  dedication: string | null;
  email: string;
  bookFormat: BookFormat;
  bookStyle: string | null;
  shippingAddress: ShippingAddress | null;
  /** Null when the parent wrote none; line breaks kept as \n. */
  giftMessage: string | null;
  /** A digital gift's day, YYYY-MM-DD; null: delivered when ready. */
  giftDeliveryDate: string | null;
  /** When that day's e-mail goes out (08:00 there, in the parent's zone). */
  giftSendAt: Date | null;
}

const clean = (value: string | null | undefined): string => (value ?? '').trim();

/** The input as the rules see it: text trimmed, the e-mail lower-cased, a printed order's address always there. */
function cleaned(input: CreateOrderInput): CreateOrderInput {
  const given = input.shippingAddress ?? {};
  const address: ShippingAddress = {
    fullName: clean(given.fullName),
    streetAddress: clean(given.streetAddress),
    addressLine2: clean(given.addressLine2),
    city: clean(given.city),
    state: clean(given.state),
    zipCode: clean(given.zipCode),
    country: clean(given.country),
    phone: clean(given.phone),
  };
  return Object.assign(new CreateOrderInput(), {
    childName: clean(input.childName),
    childAge: input.childAge,
    moral: clean(input.moral),
    storyIdea: clean(input.storyIdea),
    dedication: clean(input.dedication).replace(/\r\n?/g, '\n'),
    email: clean(input.email).toLowerCase(),
    bookFormat: clean(input.bookFormat),
    bookStyle: clean(input.bookStyle),
    shippingAddress: Object.assign(new ShippingAddressInput(), address),
    giftMessage: clean(input.giftMessage).replace(/\r\n?/g, '\n'),
    giftDeliveryDate: clean(input.giftDeliveryDate),
    giftTimeZone: clean(input.giftTimeZone),
  });
}

/** A valid address as the shop keeps it: the region's code, the postal code and phone written one way, blanks as null. */
function storedAddress(address: ShippingAddress): ShippingAddress {
  const { country } = address;
  return {
    fullName: address.fullName,
    streetAddress: address.streetAddress,
    addressLine2: address.addressLine2 || null,
    city: address.city,
    state: address.state ? (regionCodeOf(country, address.state) ?? address.state) : '',
    zipCode: postalCodeFor(country, address.zipCode),
    country,
    phone: address.phone ? phoneNumberFor(address.phone) : null,
  };
}

/** `now`: when the order is placed, for a gift's delivery date (from today, where the parent is). */
export function validateOrderInput(input: CreateOrderInput, now = new Date()): Outcome<ValidOrder> {
  const order = cleaned(input);
  const error = firstInputError(order);
  if (error) return { ok: false, error };
  const gift = order.giftDeliveryDate ? checkGiftDate(order.giftDeliveryDate, order.giftTimeZone, now) : null;
  if (gift && !gift.ok) return refuse(UserErrorCode.INVALID_INPUT, gift.message, 'giftDeliveryDate');

  // The rules have checked the format is one of the catalogue's.
  const bookFormat = order.bookFormat as BookFormat;
  const printed = bookFormat === 'printed';
  return {
    ok: true,
    value: {
      childName: order.childName,
      childAge: order.childAge,
      moral: order.moral,
      storyIdea: order.storyIdea ?? '',
      dedication: order.dedication || null,
      email: order.email,
      bookFormat,
      bookStyle: printed ? (order.bookStyle ?? null) : null,
      shippingAddress: printed ? storedAddress(order.shippingAddress as ShippingAddress) : null,
      giftMessage: order.giftMessage || null,
      giftDeliveryDate: gift?.value.date ?? null,
      giftSendAt: gift?.value.sendAt ?? null,
    },
  };
}
