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
  const digits = amountCents % 100 === 0 ? 0 : 2;
  return money(amountCents, currency, locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** An amount always to the cent, as receipts and the admin's views write it: 5000 -> "$50.00". */
export function formatPriceToTheCent(amountCents: number, currency = 'USD'): string {
  // Intl writes other currencies with their own minor unit (¥25, not ¥25.00).
  return money(amountCents, currency, 'en-US', null);
}

/** `digits`: the fraction digits (null: always the cents, or the currency's own minor unit). */
function money(
  amountCents: number,
  currency: string,
  locale: string,
  digits: { minimumFractionDigits: number; maximumFractionDigits: number } | null,
): string {
  const symbol = SYMBOLS[currency];
  if (symbol && locale === 'en-US' && Number.isSafeInteger(amountCents)) {
    const all = Math.abs(amountCents);
    const dollars = String(Math.floor(all / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    const part = digits?.maximumFractionDigits === 0 ? '' : `.${String(all % 100).padStart(2, '0')}`;
    return `${amountCents < 0 ? '-' : ''}${symbol}${dollars}${part}`;
  }
  // Other currencies and locales: Intl writes them, at the cost of the locale's data.
  // eslint-disable-next-line no-restricted-syntax
  return new Intl.NumberFormat(locale, { style: 'currency', currency, ...digits }).format(amountCents / 100);
}
