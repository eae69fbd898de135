/**
 * Formats an amount in the currency's minor unit (cents) for display:
 * 2500 -> "$25", 2550 -> "$25.50".
 */
export function formatPrice(amountCents: number, currency = 'USD', locale = 'en-US'): string {
  const whole = amountCents % 100 === 0;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(amountCents / 100);
}
