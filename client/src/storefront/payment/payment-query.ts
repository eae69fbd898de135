import { PAYMENT_MESSAGES } from './payment-messages';

export type PaymentQuery =
  { ok: true; orderId: string; amountDollars: number; format: string | null } | { ok: false; message: string };

/**
 * Reads /payment?orderId=..&amount=..&format=.. in the spec's order: both values present,
 * then a positive whole amount. The amount is only ever displayed, and only when it matches
 * the order the server returns.
 */
export function readPaymentQuery(params: URLSearchParams): PaymentQuery {
  const orderId = params.get('orderId')?.trim();
  const amount = params.get('amount')?.trim();
  if (!orderId || !amount) return { ok: false, message: PAYMENT_MESSAGES.missingOrder };
  if (!/^\d+$/.test(amount) || Number(amount) <= 0 || !Number.isSafeInteger(Number(amount))) {
    return { ok: false, message: PAYMENT_MESSAGES.invalidAmount };
  }
  return { ok: true, orderId, amountDollars: Number(amount), format: params.get('format') };
}
