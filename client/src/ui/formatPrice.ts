/**
 * Money and counts as the shop writes them, in American English. Dollars (and euros and pounds)
 * are written out by hand, exactly as `Intl` writes them in en-US (formatPrice.test.ts holds the
 * two side by side): the first `Intl` formatter a page makes loads the locale's data, 45-60 ms
 * of a phone's main thread spent just as the page first renders (measured on the payment page,
 * CPU 4x slower). Anything else still goes to `Intl`. Days and times: en-us-dates.ts.
 */

/** The symbols en-US writes before an amount, for the currencies it writes with one sign. */
const SYMBOLS: Readonly<Record<string, string>> = { USD: '$', EUR: '€', GBP: '£' };

/** "1,234,567": a count (a whole number, not below zero) with its thousands marked. */
export const formatCount = (count: number) => String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * Formats an amount in the currency's minor unit (cents) for display:
 * 2500 -> "$25", 2550 -> "$25.50", -300 -> "-$3".
 */
export function formatPrice(amountCents: number, currency = 'USD', locale = 'en-US'): string {
  const whole = amountCents % 100 === 0;
  const symbol = SYMBOLS[currency];
  if (symbol && locale === 'en-US' && Number.isSafeInteger(amountCents)) {
    const cents = Math.abs(amountCents);
    const part = whole ? '' : `.${String(cents % 100).padStart(2, '0')}`;
    return `${amountCents < 0 ? '-' : ''}${symbol}${formatCount(Math.floor(cents / 100))}${part}`;
  }
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(amountCents / 100);
}
