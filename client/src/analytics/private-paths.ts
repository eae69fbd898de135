/**
 * Pages whose address is a secret (the parent's order and video links carry their token in the path) or
 * is nobody's business (the admin portal). The advertising pixel sends the page's address with
 * every event, so it neither starts nor counts a page view on these.
 */
const PRIVATE_PREFIXES = ['/order/', '/video/', '/admin'];

export function isPrivatePath(pathname: string): boolean {
  return PRIVATE_PREFIXES.some((prefix) => pathname === prefix.replace(/\/$/, '') || pathname.startsWith(prefix));
}
