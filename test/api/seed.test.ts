/**
 * `npm run seed`, run as a developer runs it: through npm, on the embedded database in a
 * temporary DATA_DIR (or a fresh database of the PostgreSQL server in DATABASE_URL), then seen
 * through the admin API of the shop started on it.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { databaseName, npmRun, shopEnv, tempFolder } from '../support/operator-commands';
import { startShop, stopShop } from '../support/shop-process';

const OWNER = { email: 'owner@example.com', password: 'a long owner password' };

interface SeenOrder {
  status: string;
  childName: string | null;
  childDataDeletedAt: string | null;
  photoUrl: string | null;
  videoUrl: string | null;
  pdfUrl: string | null;
  trackingNumber: string | null;
  changeRequest: { message: string } | null;
  refunds: Array<{ status: string; amountCents: number }>;
  emails: Array<{ subject: string }>;
  events: Array<{ type: string }>;
}

/** Every order, as the signed-in admin sees it in the portal. */
async function ordersSeenByAdmin(url: string): Promise<SeenOrder[]> {
  const login = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: 'mutation($e: String!, $p: String!) { login(email: $e, password: $p) { userErrors { message } } }',
      variables: { e: OWNER.email, p: OWNER.password },
    }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const ask = async <T>(query: string, variables: Record<string, unknown> = {}): Promise<T> => {
    const response = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as { data: T; errors?: unknown };
    expect(body.errors).toBeUndefined();
    return body.data;
  };
  const list = await ask<{ orders: { totalCount: number; edges: Array<{ node: { id: string } }> } }>(
    '{ orders(first: 100) { totalCount edges { node { id } } } }',
  );
  expect(list.orders.totalCount).toBe(list.orders.edges.length);
  const orders: SeenOrder[] = [];
  for (const { node } of list.orders.edges) {
    const { order } = await ask<{ order: SeenOrder }>(
      `query($id: ID!) { order(id: $id) {
        status childName childDataDeletedAt photoUrl videoUrl pdfUrl trackingNumber
        changeRequest { message } refunds { status amountCents } emails { subject } events { type }
      } }`,
      { id: node.id },
    );
    orders.push(order);
  }
  return orders;
}

describe(`npm run seed on ${databaseName}`, () => {
  it('places demo orders in every status with their photos, deliveries, refunds, a change request and a deletion, once', async () => {
    const env = await shopEnv('seed', { migrated: true });
    const created = await npmRun(['admin:create', '--', '--email', OWNER.email, '--password', OWNER.password], env);
    expect(created).toMatchObject({ code: 0 });

    const first = await npmRun(['seed'], env);
    expect(first).toMatchObject({ code: 0 });
    expect(first.stdout).toContain(
      '29 demo orders added, acted on as owner@example.com. See them at http://localhost:4000/admin',
    );
    const pages = first.stdout.match(/http:\/\/localhost:4000\/order\/[\w-]{43}$/gm) ?? [];
    expect(pages).toHaveLength(29);

    const second = await npmRun(['seed'], env);
    expect(second).toMatchObject({
      code: 0,
      stdout: 'The demo orders are already there (29); nothing added. See them at http://localhost:4000/admin\n',
    });

    const shop = await startShop(env);
    try {
      const orders = await ordersSeenByAdmin(shop.url);
      expect(orders).toHaveLength(29);
      const statuses = new Set(orders.map((order) => order.status));
      expect([...statuses].sort()).toEqual(['Cancelled', 'Completed', 'Paid', 'Pending', 'Refunded', 'Shipped']);

      // Every order but the deleted one keeps its photo; every delivered one its video.
      const deleted = orders.filter((order) => order.childDataDeletedAt);
      expect(deleted).toHaveLength(1);
      expect(deleted[0]).toMatchObject({ childName: null, photoUrl: null, videoUrl: null, status: 'Completed' });
      expect(orders.filter((order) => !order.childDataDeletedAt).every((order) => order.photoUrl)).toBe(true);
      const delivered = orders.filter((o) => ['Completed', 'Shipped'].includes(o.status) && !o.childDataDeletedAt);
      expect(delivered.length).toBeGreaterThan(0);
      expect(delivered.every((order) => order.videoUrl)).toBe(true);
      expect(orders.filter((order) => order.pdfUrl).length).toBeGreaterThan(0);
      expect(orders.filter((o) => o.status === 'Shipped').every((o) => /^9400\d{18}$/.test(o.trackingNumber ?? ''))).toBe(true);

      expect(orders.filter((order) => order.changeRequest)).toHaveLength(1);
      const refunded = orders.filter((order) => order.status === 'Refunded');
      expect(refunded.length).toBeGreaterThan(0);
      expect(refunded.every((order) => order.refunds.some((refund) => refund.status === 'succeeded'))).toBe(true);
      // Each has its history and its e-mails in the outbox, as a real order would.
      expect(orders.every((order) => order.events.some((event) => event.type === 'created'))).toBe(true);
      const paid = orders.filter((order) => ['Paid', 'Completed', 'Shipped', 'Refunded'].includes(order.status));
      expect(paid.every((order) => order.emails.some((email) => /confirm/i.test(email.subject)))).toBe(true);
    } finally {
      await stopShop(shop.child);
    }
  }, 300_000);

  it('is refused without an admin to act as, and in production before it opens anything', async () => {
    const env = await shopEnv('seed', { migrated: true });
    const noAdmin = await npmRun(['seed'], env);
    expect(noAdmin).toMatchObject({
      code: 1,
      stderr: expect.stringContaining(
        'No admin yet: start the shop once (npm start creates the first admin) or run npm run admin:create, then run npm run seed again.',
      ),
    });

    const dataDir = path.join(tempFolder('seed'), 'never-made');
    const production = await npmRun(['seed'], { ...env, NODE_ENV: 'production', DATA_DIR: dataDir });
    expect(production).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('npm run seed adds demo orders and is refused in production (NODE_ENV=production).'),
    });
    expect(existsSync(dataDir)).toBe(false);
    expect(readdirSync(env.DATA_DIR)).not.toContain('files');
  }, 180_000);
});
