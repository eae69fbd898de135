import { AdminOrdersService } from '../../server/src/admin-orders/admin-orders.service';
import { OrdersArgs } from '../../server/src/admin-orders/orders.args';
import { valueTrigrams } from '../../server/src/admin-orders/search-core';
import { createAdmin, signIn } from '../support/admin';
import { GraphQLClient } from '../support/graphql-client';
import { makePng } from '../support/images';
import { CREATE_ORDER, digitalOrder, seedOrders } from '../support/orders';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let admin: GraphQLClient;
const newest = new Date('2026-06-01T12:00:00.000Z');

const ORDERS = `query($status: OrderStatus, $first: Int, $after: String, $search: String) {
  orders(status: $status, first: $first, after: $after, search: $search) {
    totalCount
    pageInfo { hasNextPage endCursor }
    edges { cursor node { id childName email status createdAt } }
  }
}`;

type Page = {
  totalCount: number;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  edges: Array<{ cursor: string; node: { id: string; childName: string; email: string; status: string; createdAt: string } }>;
};

async function ordersPage(variables: Record<string, unknown>): Promise<Page> {
  const response = await admin.query<{ orders: Page }>(ORDERS, variables);
  expect(response.errors).toBeUndefined();
  return response.data!.orders;
}

beforeAll(async () => {
  server = await startTestServer();
  await createAdmin(server);
  admin = new GraphQLClient(server.url);
  await signIn(admin);
  await seedOrders(server.dataSource, 45, { newest });
});
afterAll(() => server?.close());

describe('orders (admin list)', () => {
  it('lists newest first, 20 by default, with the total', async () => {
    const page = await ordersPage({});
    expect(page.totalCount).toBe(45);
    expect(page.edges).toHaveLength(20);
    expect(page.edges[0].node.childName).toBe('Child 1');
    const times = page.edges.map((e) => Date.parse(e.node.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(page.pageInfo).toEqual({ hasNextPage: true, endCursor: page.edges[19].cursor });
  });

  it('pages through every order exactly once with the cursor', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const page: Page = await ordersPage({ first: 10, after });
      seen.push(...page.edges.map((e) => e.node.childName));
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
      pages++;
    } while (after);
    expect(pages).toBe(5);
    expect(seen).toEqual(Array.from({ length: 45 }, (_, i) => `Child ${i + 1}`));
  });

  it('keeps orders created in the same millisecond apart by id', async () => {
    const sameTime = new Date('2020-01-01T00:00:00.000Z');
    const ids = ['00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-00000000000b'];
    for (const id of ids) {
      await server.dataSource.query(
        `INSERT INTO orders (id, child_name, child_age, moral, email, book_format, status, amount_cents, currency, created_at)
         VALUES ($1, 'Twin', 5, 'Kindness', 'twins@example.com', 'digital', 'Pending', 2500, 'USD', $2)`,
        [id, sameTime],
      );
    }
    const first = await ordersPage({ search: 'twins@', first: 1 });
    const second = await ordersPage({ search: 'twins@', first: 1, after: first.pageInfo.endCursor });
    expect([first.edges[0].node.id, second.edges[0].node.id]).toEqual([ids[1], ids[0]]);
    expect(second.pageInfo.hasNextPage).toBe(false);
    await server.dataSource.query(`DELETE FROM orders WHERE email = 'twins@example.com'`);
  });

  it('filters by status', async () => {
    for (const status of ['Pending', 'Paid', 'Completed']) {
      const page = await ordersPage({ status, first: 100 });
      expect(page.totalCount).toBe(15);
      expect(page.edges.every((e) => e.node.status === status)).toBe(true);
    }
  });

  it('pages within a status filter', async () => {
    const first = await ordersPage({ status: 'Paid', first: 10 });
    const rest = await ordersPage({ status: 'Paid', first: 10, after: first.pageInfo.endCursor });
    expect(rest.edges).toHaveLength(5);
    expect(rest.pageInfo.hasNextPage).toBe(false);
    const ids = [...first.edges, ...rest.edges].map((e) => e.node.id);
    expect(new Set(ids).size).toBe(15);
  });

  it('searches by e-mail, child name and the start of an order id', async () => {
    const byEmail = await ordersPage({ search: 'PARENT7@example' });
    expect(byEmail.edges.map((e) => e.node.email)).toEqual(['parent7@example.com']);

    const byName = await ordersPage({ search: 'child 4', first: 100 });
    expect(byName.edges.map((e) => e.node.childName).sort()).toEqual(
      ['Child 4', 'Child 40', 'Child 41', 'Child 42', 'Child 43', 'Child 44', 'Child 45'].sort(),
    );

    const target = (await ordersPage({ first: 1 })).edges[0].node;
    const byPrefix = await ordersPage({ search: target.id.slice(0, 8) });
    expect(byPrefix.edges.map((e) => e.node.id)).toContain(target.id);
    const byId = await ordersPage({ search: target.id.toUpperCase() });
    expect(byId.edges.map((e) => e.node.id)).toEqual([target.id]);
  });

  it('treats LIKE wildcards in a search as plain text', async () => {
    const page = await ordersPage({ search: '%' });
    expect(page.totalCount).toBe(0);
  });

  describe('total: the matches counted as far as asked', () => {
    const TOTAL = `query($search: String, $status: OrderStatus, $first: Int, $after: String, $upTo: Int) {
      orders(search: $search, status: $status, first: $first, after: $after) { totalCount total(upTo: $upTo) { count exact } }
    }`;
    type Totals = { totalCount: number; total: { count: number; exact: boolean } };
    const totals = async (variables: Record<string, unknown>): Promise<Totals> => {
      const response = await admin.query<{ orders: Totals }>(TOTAL, variables);
      expect(response.errors).toBeUndefined();
      return response.data!.orders;
    };

    it('stops counting a search of many matches at upTo and says the count is not exact', async () => {
      // More matches than a search reads whole for its page (1,000): counted as far as asked.
      await seedOrders(server.dataSource, 1_100, { newest, emailDomain: 'many.example' });
      try {
        expect(await totals({ search: '@many.example', upTo: 10 })).toEqual({
          totalCount: 1_100,
          total: { count: 10, exact: false },
        });
        expect(await totals({ search: '@many.example', upTo: 1_100 })).toEqual({
          totalCount: 1_100,
          total: { count: 1_100, exact: true },
        });
        expect(await totals({ search: '@many.example' })).toEqual({ totalCount: 1_100, total: { count: 1_000, exact: false } });
      } finally {
        await server.dataSource.query(`DELETE FROM orders WHERE email LIKE '%@many.example'`);
      }
    });

    it('is exact, whatever upTo, for a search of few matches: they are all read for its page', async () => {
      // Every seeded e-mail contains "parent": 45 matches.
      expect(await totals({ search: 'parent', upTo: 10 })).toEqual({ totalCount: 45, total: { count: 45, exact: true } });
      expect(await totals({ search: 'parent' })).toEqual({ totalCount: 45, total: { count: 45, exact: true } });
    });

    it('is exact without a search, whatever upTo, from the kept per-status counts', async () => {
      expect(await totals({ upTo: 1 })).toEqual({ totalCount: 45, total: { count: 45, exact: true } });
      expect(await totals({ status: 'Paid', upTo: 1 })).toEqual({ totalCount: 15, total: { count: 15, exact: true } });
    });

    it('is exact when the first page holds every match, and counts again on a later page', async () => {
      expect(await totals({ search: 'child 4', upTo: 1 })).toEqual({ totalCount: 7, total: { count: 7, exact: true } });
      const first = await ordersPage({ search: 'parent', first: 40 });
      expect(await totals({ search: 'parent', first: 40, after: first.pageInfo.endCursor, upTo: 100 })).toEqual({
        totalCount: 45,
        total: { count: 45, exact: true },
      });
    });

    it('refuses an upTo outside 1-100,000 with a message', async () => {
      for (const upTo of [0, 100_001]) {
        const response = await admin.query(TOTAL, { search: 'parent', upTo });
        expect(response.errors?.[0]).toMatchObject({
          message: 'upTo must be between 1 and 100,000',
          extensions: { code: 'BAD_USER_INPUT', field: 'upTo' },
        });
      }
    });
  });

  it('refuses a page size outside 1-100 and a malformed cursor', async () => {
    for (const variables of [{ first: 0 }, { first: 101 }, { after: 'not-a-cursor' }]) {
      const response = await admin.query(ORDERS, variables);
      expect(response.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    }
  });
});

describe('order (admin detail) and signed media links', () => {
  it('shows an order with its events and a photo link that works, and only until it is altered', async () => {
    const customer = new GraphQLClient(server.url);
    const created = await customer.upload(
      CREATE_ORDER,
      { input: digitalOrder() },
      { childPhoto: { name: 'kid.png', type: 'image/png', data: await makePng() } },
    );
    const orderId = created.data!.createOrder.orderId;

    const response = await admin.query(
      `query($id: ID!) { order(id: $id) { id status amountCents photoUrl videoUrl events { type toStatus actor } } }`,
      { id: orderId },
    );
    const order = response.data!.order;
    expect(order).toMatchObject({ id: orderId, status: 'Pending', amountCents: 2500, videoUrl: null });
    expect(order.events).toEqual([{ type: 'created', toStatus: 'Pending', actor: 'customer' }]);
    expect(order.photoUrl).toMatch(new RegExp(`^/media/photos/${orderId}\\.jpg\\?exp=\\d+&sig=`));

    // Uploaded as a PNG, stored (and served) as the JPEG it was re-encoded to.
    const photo = await fetch(server.url + order.photoUrl);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    expect([...Buffer.from(await photo.arrayBuffer()).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);

    const tampered = order.photoUrl.replace(/sig=(.)/, (_: string, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
    expect((await fetch(server.url + tampered)).status).toBe(403);
    const extended = order.photoUrl.replace(/exp=(\d+)/, (_: string, exp: string) => `exp=${Number(exp) + 3600}`);
    expect((await fetch(server.url + extended)).status).toBe(403);
    const unsigned = order.photoUrl.split('?')[0];
    expect((await fetch(server.url + unsigned)).status).toBe(403);
  });

  it("loads each order's own events when a page asks for them", async () => {
    // Seeded Paid orders have no events of their own yet.
    const ids = (await ordersPage({ status: 'Paid', first: 3 })).edges.map((e) => e.node.id);
    await server.dataSource.query(
      `INSERT INTO order_events (id, order_id, type, to_status, actor) SELECT gen_random_uuid(), id, 'note', status, 'system' FROM orders WHERE id = ANY($1)`,
      [ids.slice(0, 2)],
    );
    const response = await admin.query(
      `{ orders(status: Paid, first: 3) { edges { node { id status events { type toStatus } } } } }`,
    );
    const nodes = response.data!.orders.edges.map((e: { node: { id: string; status: string; events: unknown[] } }) => e.node);
    expect(nodes.map((n: { id: string }) => n.id)).toEqual(ids);
    expect(nodes[0].events).toEqual([{ type: 'note', toStatus: nodes[0].status }]);
    expect(nodes[1].events).toEqual([{ type: 'note', toStatus: nodes[1].status }]);
    expect(nodes[2].events).toEqual([]);
  });

  it('refuses an expired photo link', async () => {
    const signer = server.app.services.signer;
    const expired = signer.url('photos/anything.png', -10);
    expect((await fetch(server.url + expired)).status).toBe(403);
  });

  it('answers null for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const response = await admin.query(`query($id: ID!) { order(id: $id) { id } }`, { id });
      expect(response.errors).toBeUndefined();
      expect(response.data!.order).toBeNull();
    }
  });
});

describe('a search, read in one pass or in date order', () => {
  // The shop reads a search with few matches once (page and count together), and one with many in
  // date order; with room for only two matches, every search here takes the second way.
  const onePass = () => new AdminOrdersService(server.dataSource);
  const dateOrder = () => new AdminOrdersService(server.dataSource, 2);

  async function everyPage(service: AdminOrdersService, search: string) {
    const pages = [];
    let after: string | null = null;
    do {
      const outcome = await service.listOrders(Object.assign(new OrdersArgs(), { search, first: 3, after }));
      if (!outcome.ok) throw new Error(outcome.error.message);
      const { edges, pageInfo, countTotal } = outcome.value;
      pages.push({
        ids: edges.map((edge) => edge.node.id),
        cursors: edges.map((edge) => edge.cursor),
        pageInfo,
        total: await countTotal(),
      });
      after = pageInfo.hasNextPage ? pageInfo.endCursor : null;
    } while (after);
    return pages;
  }

  it('gives the same pages, cursors and totals either way, orders of the same millisecond included', async () => {
    const sameTime = new Date('2021-01-01T00:00:00.000Z');
    const ids = [
      '00000000-0000-4000-8000-0000000000c1',
      '00000000-0000-4000-8000-0000000000c3',
      '00000000-0000-4000-8000-0000000000c2',
    ];
    for (const id of ids) {
      await server.dataSource.query(
        `INSERT INTO orders (id, child_name, child_age, moral, email, book_format, status, amount_cents, currency, created_at)
         VALUES ($1, 'Triplet', 5, 'Kindness', 'triplets@example.com', 'digital', 'Pending', 2500, 'USD', $2)`,
        [id, sameTime],
      );
    }
    try {
      for (const search of ['parent', 'child 4', 'PARENT7@example', 'triplet', 'nobody-here']) {
        const expected = await everyPage(dateOrder(), search);
        expect(await everyPage(onePass(), search)).toEqual(expected);
      }
      const triplets = await everyPage(onePass(), 'triplets@');
      expect(triplets[0]!.ids).toEqual([ids[1], ids[2], ids[0]]);
      // Every 'parent' match (more than five): exact in one pass; in date order, counted up to five and no further.
      const firstPage = async (service: AdminOrdersService) => {
        const outcome = await service.listOrders(Object.assign(new OrdersArgs(), { search: 'parent', first: 3 }));
        if (!outcome.ok) throw new Error(outcome.error.message);
        return outcome.value;
      };
      const matches = await (await firstPage(dateOrder())).countTotal();
      expect(matches).toBeGreaterThan(5);
      expect(await (await firstPage(onePass())).countUpTo(5)).toEqual({ count: matches, exact: true });
      expect(await (await firstPage(dateOrder())).countUpTo(5)).toEqual({ count: 5, exact: false });
    } finally {
      await server.dataSource.query(`DELETE FROM orders WHERE email = 'triplets@example.com'`);
    }
  });
});

describe('a search asks the trigram indexes for its rare part', () => {
  // The newest orders are the sample the shop reads what is common from: 1,000 addresses of one
  // pattern, in which "par", "are", "ren" and "ent" are in every address, and "424" in one.
  const newer = new Date('2100-01-01T00:00:00.000Z');
  beforeAll(async () => {
    await server.dataSource.query(
      `INSERT INTO orders (id, child_name, child_age, moral, email, book_format, status, amount_cents, currency, created_at)
       SELECT gen_random_uuid(), 'Sample ' || i, 5, 'Kindness', 'parent' || i || '@shop.example', 'digital', 'Pending', 2500, 'USD',
              $1::timestamptz - make_interval(secs => i)
       FROM generate_series(1, 1000) AS i`,
      [newer],
    );
    // Two hold a part of "parent4242@" but not all of it; two hold all of it, one in each column.
    await server.dataSource.query(
      `INSERT INTO orders (id, child_name, child_age, moral, email, book_format, status, amount_cents, currency, created_at)
       SELECT gen_random_uuid(), name, 5, 'Kindness', email, 'digital', 'Pending', 2500, 'USD', $1::timestamptz - interval '1 hour'
       FROM unnest($2::text[], $3::text[]) AS d(email, name)`,
      [
        newer,
        [
          'agent4242@shop.example',
          'xparent4242x@shop.example',
          'someone@shop.example',
          'my.parent4242@shop.example',
          'parent4242_x%@shop.example',
        ],
        ['Decoy', 'Decoy', 'parent4242@', 'Found', null],
      ],
    );
  });
  afterAll(async () => {
    await server.dataSource.query(`DELETE FROM orders WHERE email LIKE '%@shop.example'`);
  });

  async function everyMatch(search: string): Promise<string[]> {
    const service = new AdminOrdersService(server.dataSource);
    const ids: string[] = [];
    let after: string | null = null;
    do {
      const outcome = await service.listOrders(Object.assign(new OrdersArgs(), { search, first: 100, after }));
      if (!outcome.ok) throw new Error(outcome.error.message);
      ids.push(...outcome.value.edges.map((edge) => edge.node.id));
      after = outcome.value.pageInfo.hasNextPage ? outcome.value.pageInfo.endCursor : null;
    } while (after);
    return ids;
  }

  async function wholeSearch(search: string): Promise<string[]> {
    const rows: Array<{ id: string }> = await server.dataSource.query(
      `SELECT id FROM orders WHERE email ILIKE $1 OR child_name ILIKE $1 ORDER BY created_at DESC, id DESC`,
      [`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`],
    );
    return rows.map((row) => row.id);
  }

  it('finds exactly what the whole search finds', async () => {
    for (const search of [
      'parent4242@',
      'PARENT42@SHOP',
      'parent7@shop.example',
      'sample 12',
      'xparent4242x',
      'parent',
      'nobody',
      // LIKE's wildcards are plain text, in the part asked for as in the whole.
      'parent4242_x%@',
      'parent4242_',
      'arent4242%',
    ]) {
      expect(await everyMatch(search)).toEqual(await wholeSearch(search));
    }
    // "agent4242@" holds the rare part of "parent4242@" but not the whole; "xparent4242x@" holds
    // most of it; a child's name and an address hold all of it.
    const found = await everyMatch('parent4242@');
    const rows: Array<{ email: string; child_name: string }> = await server.dataSource.query(
      `SELECT email, child_name FROM orders WHERE id = ANY($1) ORDER BY email`,
      [found],
    );
    expect(rows).toEqual([
      { email: 'my.parent4242@shop.example', child_name: 'Found' },
      { email: 'someone@shop.example', child_name: 'parent4242@' },
    ]);
  });

  it('asks the index for a part of the search when the rest is common, and checks the whole on the rows', async () => {
    const asked: unknown[] = [];
    const logger = server.dataSource.logger;
    const logQuery = logger.logQuery.bind(logger);
    logger.logQuery = (query, parameters, runner) => {
      asked.push(...(Array.isArray(parameters) ? parameters : []));
      return logQuery(query, parameters, runner);
    };
    try {
      await everyMatch('parent4242@');
    } finally {
      logger.logQuery = logQuery;
    }
    const parts = asked.filter(
      (value): value is string => typeof value === 'string' && /^%.+%$/.test(value) && value !== '%parent4242@%',
    );
    expect(parts.length).toBeGreaterThan(0);
    for (const part of parts) expect('parent4242@').toContain(part.slice(1, -1));
    expect(asked).toContain('%parent4242@%');
  });

  it('reads trigrams as the database does', async () => {
    for (const value of ['parent4242@shop.example', 'Mia J. Jones', 'o.brien-smith@mail.example']) {
      const [row] = await server.dataSource.query(`SELECT show_trgm($1) AS trigrams`, [value]);
      expect([...valueTrigrams(value)].sort()).toEqual([...row.trigrams].sort());
    }
  });
});
