// What OrderService.createOrder writes for a digital order: the order, its first access token
// and its `created` event, here as three INSERTs in one transaction (the shop writes them in one
// statement). The benchmarks' ceilings run these directly, so the yardstick does the same rows.
// `newOrderParameters` gives the same order's values for the shop's own statement.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { DIGITAL_STORY_ORDER } from './shop-api.mjs';

const ORDER = { ...DIGITAL_STORY_ORDER, amountCents: 2500 };
const CREATED_EVENT = JSON.stringify({ amountCents: ORDER.amountCents, currency: 'USD', bookFormat: ORDER.bookFormat });
const newTokenHash = () => createHash('sha256').update(randomBytes(32).toString('base64url')).digest('hex');

const INSERT_ORDER_SQL = `
  INSERT INTO orders (id, child_name, child_age, moral, story_idea, email, book_format, book_style,
                      shipping_address, status, amount_cents, currency, photo_key)
  VALUES ($1, $2, $3, $4, $5, $6, $7, NULL, NULL, 'Pending', $8, 'USD', $9)
  RETURNING created_at, updated_at`;
const INSERT_TOKEN_SQL = `
  INSERT INTO order_access_tokens (id, order_id, token_hash) VALUES ($1, $2, $3)
  RETURNING created_at`;
const INSERT_EVENT_SQL = `
  INSERT INTO order_events (id, order_id, type, from_status, to_status, actor, data)
  VALUES ($1, $2, 'created', NULL, 'Pending', 'customer', $3)
  RETURNING created_at`;

/** The statements, with their parameters, for one new order `id` whose photo is stored as `photoExtension`. */
export function orderInsertStatements(id, photoExtension) {
  const { childName, childAge, moral, storyIdea, email, bookFormat, amountCents } = ORDER;
  return [
    [
      INSERT_ORDER_SQL,
      [id, childName, childAge, moral, storyIdea, email, bookFormat, amountCents, `photos/${id}.${photoExtension}`],
    ],
    [INSERT_TOKEN_SQL, [randomUUID(), id, newTokenHash()]],
    [INSERT_EVENT_SQL, [randomUUID(), id, CREATED_EVENT]],
  ];
}

/**
 * The same new order's parameters for the shop's own statement (OrderService's
 * INSERT_NEW_ORDER_SQL, which insertNewOrder runs): the order, its first access token and its event.
 */
export function newOrderParameters() {
  const id = randomUUID();
  const { childName, childAge, moral, storyIdea, email, bookFormat, amountCents } = ORDER;
  return [
    ...[id, childName, childAge, moral, storyIdea, null, email, bookFormat],
    ...[null, null, 'Pending', amountCents, 'USD', `photos/${id}.jpg`, randomUUID(), newTokenHash(), randomUUID(), CREATED_EVENT],
    ...[null, null, null, null],
  ];
}
