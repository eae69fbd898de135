/**
 * "Did you mean parent@gmail.com?": the address a parent most likely meant when the domain they
 * typed is one or two keystrokes from a mailbox provider most families use. The book arrives by
 * e-mail only, so a "gmial.com" is worth a hint; the parent decides, nothing is changed for them.
 */

/** The providers most US and Canadian families use. */
const COMMON_DOMAINS = [
  'gmail.com',
  'yahoo.com',
  'hotmail.com',
  'outlook.com',
  'icloud.com',
  'aol.com',
  'live.com',
  'msn.com',
  'me.com',
  'comcast.net',
  'att.net',
  'verizon.net',
  'sbcglobal.net',
  'protonmail.com',
  'yahoo.ca',
  'hotmail.ca',
  'rogers.com',
  'shaw.ca',
];

/** Real providers a near miss of the ones above could be mistaken for: never "corrected". */
const OTHER_REAL_DOMAINS = [
  'mail.com',
  'email.com',
  'gmx.com',
  'ymail.com',
  'mac.com',
  'aim.com',
  'live.ca',
  'bell.net',
  'telus.net',
  'cox.net',
  'juno.com',
  'zoho.com',
  'proton.me',
  'pm.me',
  'duck.com',
  'hey.com',
];

/** Edit distance with transpositions (optimal string alignment): "gmial" is one step from "gmail". */
function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/** The address with a common provider's domain in place of a near miss; null when the domain looks as meant. */
export function suggestEmail(typed: string): string | null {
  const address = typed.trim();
  const at = address.lastIndexOf('@');
  if (at < 1 || at === address.length - 1) return null;
  const domain = address.slice(at + 1).toLowerCase();
  if (COMMON_DOMAINS.includes(domain) || OTHER_REAL_DOMAINS.includes(domain)) return null;
  let best: { domain: string; distance: number } | null = null;
  for (const candidate of COMMON_DOMAINS) {
    const distance = editDistance(domain, candidate);
    // Two slips for a longer name ("hotmial.con"), one for a short one ("me.co" is not "me.com"'s only reading).
    const allowed = candidate.length >= 8 ? 2 : 1;
    if (distance <= allowed && (!best || distance < best.distance)) best = { domain: candidate, distance };
  }
  return best ? `${address.slice(0, at)}@${best.domain}` : null;
}
