/** Business days skip Saturdays and Sundays (UTC); public holidays are not known to the shop. */

/** `days` business days after `from`, at the same time of day; a start on a weekend counts from the Monday. */
export function addBusinessDays(from: Date, days: number): Date {
  const at = new Date(from.getTime());
  let left = days;
  while (left > 0) {
    at.setUTCDate(at.getUTCDate() + 1);
    const day = at.getUTCDay();
    if (day !== 0 && day !== 6) left -= 1;
  }
  return at;
}
