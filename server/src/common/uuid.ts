const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids come from the outside; Postgres would throw on a malformed uuid, so check first. */
export function isUuid(value: string | null | undefined): boolean {
  return typeof value === 'string' && UUID.test(value);
}
