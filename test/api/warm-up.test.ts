import { createAdmin, signIn } from '../support/admin';
import { GraphQLClient } from '../support/graphql-client';
import { seedOrders } from '../support/orders';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;

const TABLES = ['orders', 'order_events', 'outbox_emails', 'admin_users', 'admin_sessions', 'login_attempts', 'work_items'];

async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const [row] = await server.dataSource.query(`SELECT count(*)::int AS n FROM "${table}"`);
    counts[table] = row.n;
  }
  return counts;
}

beforeAll(async () => {
  server = await startTestServer();
  await createAdmin(server);
  await seedOrders(server.dataSource, 25);
});
afterAll(() => server?.close());
afterEach(() => jest.restoreAllMocks());

describe('the warm-up before an instance serves', () => {
  it("looks up a session and runs the dashboard's first page, its search and the catalogue without an error, and writes nothing", async () => {
    const listOrders = jest.spyOn(server.app.services.adminOrders, 'listOrders');
    const sessionLookup = jest.spyOn(server.app.services.auth, 'adminForToken');
    const before = await rowCounts();

    const report = await server.app.warmUp();

    expect(report.errors).toEqual([]);
    const searches = listOrders.mock.calls.map(([args]) => args.search ?? null);
    expect(searches).toEqual(expect.arrayContaining([null, 'warm-up@shop.invalid']));
    expect(sessionLookup).toHaveBeenCalled();
    expect(await Promise.all(sessionLookup.mock.results.map((result) => result.value))).not.toContainEqual(expect.anything());
    expect(await rowCounts()).toEqual(before);
  });

  it('leaves no one signed in: after it, the orders are still refused to a visitor without a session', async () => {
    await server.app.warmUp();

    const visitor = new GraphQLClient(server.url);
    const response = await visitor.query(`{ orders(first: 1) { totalCount } }`);

    expect(response.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(response.data?.orders ?? null).toBeNull();
  });

  it('reports a failing query and still resolves, so the instance starts anyway', async () => {
    jest.spyOn(server.app.services.adminOrders, 'listOrders').mockRejectedValue(new Error('database unavailable'));

    const report = await server.app.warmUp();

    expect(report.errors).toEqual(['database unavailable']);
  });

  it('changes nothing for a signed-in admin: the same page and total as before it', async () => {
    const admin = new GraphQLClient(server.url);
    await signIn(admin);
    const page = `{ orders(first: 5) { totalCount edges { node { id } } } }`;
    const before = await admin.query(page);

    await server.app.warmUp();

    expect(before.errors).toBeUndefined();
    expect(await admin.query(page)).toEqual(before);
  });
});
