/**
 * Reads a card's expiry as a parent types it: "12/30", "12 / 30", "12/2030", or "1230" from a
 * phone's number pad, which has no slash.
 */
export interface CardExpiry {
  month: number;
  /** Two digits, as on the card. */
  year: number;
}

export function parseExpiry(text: string): CardExpiry | null {
  const compact = text.replace(/\s+/g, '');
  const match = /^(\d{1,2})(?:[/-]|(?=\d{2}$|\d{4}$))(\d{2}|\d{4})$/.exec(compact);
  if (!match) return null;
  const [, monthText, yearText] = match;
  // "1230" is ambiguous only in theory: a one-digit month needs a slash ("1/30").
  if (monthText!.length === 1 && !/[/-]/.test(compact)) return null;
  const month = Number(monthText);
  if (month < 1 || month > 12) return null;
  const year = yearText!.length === 4 ? Number(yearText) % 100 : Number(yearText);
  return { month, year };
}
