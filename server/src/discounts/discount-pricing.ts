/**
 * What a discount code takes off a book's price, in integer cents. Whatever the code, a book
 * never costs less than MIN_CHARGE_CENTS: no free order by code, and never an amount a card
 * provider refuses to charge.
 */
import { CURRENCY } from '../catalogue/catalogue';
import { formatAmount } from '../orders/order-format';

/** The least a book costs after any code. */
export const MIN_CHARGE_CENTS = 100;
/** The largest percentage a code may take off. */
export const MAX_PERCENT_OFF = 90;

export interface DiscountTerms {
  percentOff: number | null;
  amountOffCents: number | null;
}

/** The cents `terms` take off `priceCents`: a percentage rounded to the nearest cent, or the amount, capped. */
export function discountCents(terms: DiscountTerms, priceCents: number): number {
  const off = terms.percentOff !== null ? Math.round((priceCents * terms.percentOff) / 100) : (terms.amountOffCents ?? 0);
  return Math.max(0, Math.min(off, priceCents - MIN_CHARGE_CENTS));
}

/** How a code's terms read: "10% off", "$5.00 off". */
export function describeDiscount(terms: DiscountTerms): string {
  return terms.percentOff !== null ? `${terms.percentOff}% off` : `${formatAmount(terms.amountOffCents ?? 0, CURRENCY)} off`;
}
