/**
 * Money as the shop writes it, in American English. Dollars (and euros and pounds) are written
 * out by hand, exactly as `Intl` writes them in en-US (formatPrice.test.ts holds the two side by
 * side; minus zero is written "$0", where Intl writes "-$0"): the first `Intl` formatter a page makes loads the locale's data, 45-60 ms
 * of a phone's main thread spent just as the page first renders (measured on the payment page,
 * CPU 4x slower). Anything else still goes to `Intl`. Counts, days and times: en-us.ts.
 */

/** The symbols en-US writes before an amount, for the currencies it writes with one sign. */
const SYMBOLS: Readonly<Record<string, string>> = { USD: '$', EUR: '€', GBP: '£' };

/**
 * Formats an amount in the currency's minor unit (cents) for display:
 * 2500 -> "$25", 2550 -> "$25.50", -300 -> "-$3".
 */
export function formatPrice(amountCents: number, currency = 'USD', locale = 'en-US'): string {
  const whole = amountCents % 100 === 0;
  const symbol = SYMBOLS[currency];
  if (symbol && locale === 'en-US' && Number.isSafeInteger(amountCents)) {
    const cents = Math.abs(amountCents);
    const dollars = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    const part = whole ? '' : `.${String(cents % 100).padStart(2, '0')}`;
    return `${amountCents < 0 ? '-' : ''}${symbol}${dollars}${part}`;
  }
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(amountCents / 100);
}
