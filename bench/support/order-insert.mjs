// What OrderService.createOrder writes for a digital order: the order, its first access token
// and its `created` event, here as three INSERTs in one transaction (the shop writes them in one
// statement). The benchmarks' ceilings run these directly, so the yardstick does the same rows.
import { createHash, randomBytes, randomUUID } from 'node:crypto';

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
  const tokenHash = createHash('sha256').update(randomBytes(32).toString('base64url')).digest('hex');
  return [
    [
      INSERT_ORDER_SQL,
      [
        id,
        'Mia',
        6,
        'Kindness',
        'Mia finds a lost puppy and helps it home',
        'parent@example.com',
        'digital',
        2500,
        `photos/${id}.${photoExtension}`,
      ],
    ],
    [INSERT_TOKEN_SQL, [randomUUID(), id, tokenHash]],
    [INSERT_EVENT_SQL, [randomUUID(), id, JSON.stringify({ amountCents: 2500, currency: 'USD', bookFormat: 'digital' })]],
  ];
}
