/**
 * One live link per order in its e-mails: the receipt, the delivery, a resend, "find my order"
 * all carry the same /order/{token}, of which the shop keeps only the hash. Renewing the link
 * replaces it in every later e-mail; a new SESSION_SECRET writes a new one without breaking the
 * e-mails already sent.
 */
import { createAdmin, signIn } from '../support/admin';
import { placeOrder, placePaidOrder } from '../support/checkout';
import { GraphQLClient } from '../support/graphql-client';
import { digitalOrder } from '../support/orders';
import { itOnPostgres, openSession, sessionsWaitingForLocks } from '../support/postgres-only';
import { REAL_PDF } from '../support/pdfs';
import { startTestServer, type TestServer } from '../support/test-server';
import { REAL_MP4 } from '../support/videos';
import { sha256Hex } from '../../server/src/common/tokens';
import { OrderLinks } from '../../server/src/orders/order-access';
import { lockExistingOrder } from '../../server/src/orders/order-lock';

const PUBLIC_URL = 'https://shop.example.com';
const COMPLETE = `mutation($orderId: ID!, $video: Upload!, $storybookPdf: Upload) {
  completeOrderWithVideo(orderId: $orderId, video: $video, storybookPdf: $storybookPdf) { userErrors { message } }
}`;
const RESEND = `mutation($orderId: ID!) { resendDeliveryEmail(orderId: $orderId) { userErrors { message } } }`;
const LOOKUP = `mutation($email: String!) { requestOrderLinks(email: $email) { userErrors { message } } }`;
const RENEW = `mutation($token: String!) { renewOrderLink(token: $token) { token userErrors { message } } }`;
const PAGE = `query($token: String!) { orderPage(token: $token) { id } }`;

let server: TestServer;
let admin: GraphQLClient;
let parent: GraphQLClient;

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL });
  await createAdmin(server);
  admin = new GraphQLClient(server.url);
  await signIn(admin);
  parent = new GraphQLClient(server.url);
});
afterAll(() => server?.close());

/** Every order link in the order's e-mails, oldest e-mail first, with the template that carried it. */
async function linksInEmails(orderId: string): Promise<{ template: string; token: string }[]> {
  const rows: { template: string; text: string; html: string }[] = await server.dataSource.query(
    'SELECT template, text, html FROM outbox_emails WHERE order_id = $1 ORDER BY created_at, id',
    [orderId],
  );
  return rows.flatMap((row) =>
    [...`${row.text}\n${row.html}`.matchAll(/https:\/\/shop\.example\.com\/order\/([\w-]+)/g)].map((m) => ({
      template: row.template,
      token: m[1],
    })),
  );
}

const emailedRows = (orderId: string) =>
  server.dataSource.query(
    'SELECT id, token_hash, revoked_at FROM order_access_tokens WHERE order_id = $1 AND emailed ORDER BY created_at, id',
    [orderId],
  );
const opens = async (token: string) => (await parent.query(PAGE, { token })).data?.orderPage?.id ?? null;

async function deliveredOrder(email: string): Promise<string> {
  const { orderId } = await placePaidOrder(parent, { ...digitalOrder(), email });
  const files = {
    video: { name: 'story.mp4', type: 'video/mp4', data: REAL_MP4 },
    storybookPdf: { name: 'storybook.pdf', type: 'application/pdf', data: REAL_PDF },
  };
  expect((await admin.upload(COMPLETE, { orderId }, files)).data!.completeOrderWithVideo.userErrors).toEqual([]);
  return orderId;
}

/**
 * A Pending order's first e-mailed link, written by two transactions at once: the shop's own
 * writes it and holds its transaction open until `other`'s waits on the index, then commits.
 * `waiting` is how many sessions were seen waiting: proof that the two raced.
 */
async function raceForFirstLink(other: OrderLinks) {
  // Nothing has been e-mailed about a Pending order yet.
  const { orderId } = await placeOrder(parent, digitalOrder());
  expect(await emailedRows(orderId)).toEqual([]);
  const links = new OrderLinks(PUBLIC_URL, server.config.sessionSecret);
  let release!: () => void;
  const holds = new Promise<void>((resolve) => (release = resolve));
  let wrote!: () => void;
  const written = new Promise<void>((resolve) => (wrote = resolve));
  const first = server.dataSource.transaction(async (manager) => {
    const link = await links.emailLink(manager, orderId);
    wrote();
    await holds;
    return link;
  });
  await written;
  const second = server.dataSource.transaction((manager) => other.emailLink(manager, orderId));
  const waiting = await sessionsWaitingForLocks(server.dataSource, 1);
  release();
  return { orderId, first, second, waiting };
}

describe("an order's e-mails", () => {
  it('all carry the same link, which opens the order and is kept only as its hash', async () => {
    const orderId = await deliveredOrder('one-link@example.com');
    expect((await admin.query(RESEND, { orderId })).data!.resendDeliveryEmail.userErrors).toEqual([]);
    expect((await parent.query(LOOKUP, { email: 'one-link@example.com' })).data!.requestOrderLinks.userErrors).toEqual([]);
    const links = await linksInEmails(orderId);
    expect([...new Set(links.map((link) => link.template))]).toEqual(['order-confirmation', 'video-delivery', 'order-links']);
    const tokens = new Set(links.map((link) => link.token));
    expect(tokens.size).toBe(1);
    const [token] = tokens;
    expect(await opens(token)).toBe(orderId);

    const rows = await emailedRows(orderId);
    expect(rows).toEqual([{ id: expect.any(String), token_hash: sha256Hex(token), revoked_at: null }]);
    // Derived under the shop's own SESSION_SECRET: the shop writes the same link again from it.
    const again = await server.dataSource.transaction((manager) =>
      new OrderLinks(PUBLIC_URL, server.config.sessionSecret).emailLink(manager, orderId),
    );
    expect(again.token).toBe(token);
    const stored = JSON.stringify(
      await server.dataSource.query('SELECT * FROM order_access_tokens WHERE order_id = $1', [orderId]),
    );
    expect(stored).not.toContain(token);
  });

  it('carry the new link once the parent renews it, and the old one opens nothing', async () => {
    const orderId = await deliveredOrder('renewed-link@example.com');
    const [{ token: old }] = await linksInEmails(orderId);
    const renewed = (await parent.query(RENEW, { token: old })).data!.renewOrderLink;
    expect(renewed.userErrors).toEqual([]);
    expect(await opens(old)).toBeNull();

    expect((await admin.query(RESEND, { orderId })).data!.resendDeliveryEmail.userErrors).toEqual([]);
    const later = (await linksInEmails(orderId)).filter((link) => link.token !== old);
    expect([...new Set(later.map((link) => link.template))]).toEqual(['order-link-renewed', 'video-delivery']);
    expect(new Set(later.map((link) => link.token)).size).toBe(1);
    expect(await opens(later[0].token)).toBe(orderId);
    // The tab that renewed it has a token of its own, never e-mailed.
    expect(renewed.token).not.toBe(later[0].token);
    expect(await opens(renewed.token)).toBe(orderId);
    expect((await emailedRows(orderId)).map((row: { revoked_at: Date | null }) => row.revoked_at === null)).toEqual([
      false,
      true,
    ]);
  });

  it('carry a new link after SESSION_SECRET changes, while the one already e-mailed still opens the order', async () => {
    const { orderId } = await placePaidOrder(parent, { ...digitalOrder(), email: 'new-secret@example.com' });
    const [{ token: before }] = await linksInEmails(orderId);
    const rotated = new OrderLinks(PUBLIC_URL, 'a different session secret of at least 32 bytes');

    const first = await server.dataSource.transaction((manager) => rotated.emailLink(manager, orderId));
    const again = await server.dataSource.transaction((manager) => rotated.emailLink(manager, orderId));
    expect(first.token).not.toBe(before);
    expect(again.token).toBe(first.token);
    expect(first.url).toBe(`${PUBLIC_URL}/order/${first.token}`);
    expect(await opens(before)).toBe(orderId);
    expect(await opens(first.token)).toBe(orderId);
    expect(await emailedRows(orderId)).toEqual([{ id: first.id, token_hash: sha256Hex(first.token), revoked_at: null }]);
  });

  itOnPostgres("written at the same moment for an order's first e-mails, is one link", async () => {
    const race = await raceForFirstLink(new OrderLinks(PUBLIC_URL, server.config.sessionSecret));
    expect(race.waiting).toBe(1);
    const [a, b] = await Promise.all([race.first, race.second]);
    expect(b.token).toBe(a.token);
    expect(await emailedRows(race.orderId)).toHaveLength(1);
  });

  itOnPostgres(
    'written by "find my order" while a payment holds the order, waits for the payment and carries its link',
    async () => {
      const { orderId } = await placeOrder(parent, digitalOrder());
      const links = new OrderLinks(PUBLIC_URL, server.config.sessionSecret);
      let release!: () => void;
      const holds = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      // A payment: the order's row first, then (once the lookup is waiting) its receipt's link.
      const payment = server.dataSource.transaction(async (manager) => {
        await lockExistingOrder(manager, orderId);
        locked();
        await holds;
        return links.emailLink(manager, orderId);
      });
      const lookup = await openSession(server.dataSource);
      try {
        await isLocked;
        // "Find my order", in a transaction of its own holding nothing else.
        await lookup.runner.startTransaction();
        const found = links.emailLink(lookup.runner.manager, orderId).then(async (link) => {
          await lookup.runner.commitTransaction();
          return link;
        });
        expect(await sessionsWaitingForLocks(server.dataSource, 1, { pid: lookup.pid })).toBe(1);
        release();
        const [paid, emailed] = await Promise.all([payment, found]);
        expect(emailed.token).toBe(paid.token);
        expect(await emailedRows(orderId)).toEqual([{ id: paid.id, token_hash: sha256Hex(paid.token), revoked_at: null }]);
      } finally {
        release();
        await lookup.close();
      }
    },
  );

  itOnPostgres(
    'written at the same moment by a shop on another SESSION_SECRET, is refused rather than e-mailed dead',
    async () => {
      const race = await raceForFirstLink(new OrderLinks(PUBLIC_URL, 'the session secret of a shop started before a change'));
      expect(race.waiting).toBe(1);
      await expect(race.second).rejects.toThrow('could not be written under this SESSION_SECRET');
      const written = await race.first;
      expect(await emailedRows(race.orderId)).toEqual([
        { id: written.id, token_hash: sha256Hex(written.token), revoked_at: null },
      ]);
    },
  );
});
