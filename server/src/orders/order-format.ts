/** How the shop writes an order's reference and its amount, on pages and in e-mails alike. */

/** The order id as the shop shows it: its first 8 characters. */
export function orderReference(orderId: string): string {
  return orderId.slice(0, 8);
}

/** 2500 USD -> "$25.00". */
export function formatAmount(amountCents: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.trim() }).format(amountCents / 100);
  } catch {
    return `${(amountCents / 100).toFixed(2)} ${currency}`;
  }
}
