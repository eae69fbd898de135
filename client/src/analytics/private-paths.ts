/**
 * Pages whose address is a secret (the parent's order and video links carry their token in the path) or
 * is nobody's business (the admin portal). The advertising pixel sends the page's address with
 * every event, so it neither starts nor counts a page view on these.
 */
const PRIVATE_PREFIXES = ['/order/', '/video/', '/receipt/', '/admin'];

/** Any casing: the router renders /Order/… and /ADMIN as it renders /order/… and /admin. */
export function isPrivatePath(pathname: string): boolean {
  const path = pathname.toLowerCase();
  return PRIVATE_PREFIXES.some((prefix) => path === prefix.replace(/\/$/, '') || path.startsWith(prefix));
}
