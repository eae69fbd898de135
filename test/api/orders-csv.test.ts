/** GET /admin/orders.csv: the dashboard's filter and search as a streamed, spreadsheet-safe CSV. */
import { createAdmin, signIn } from '../support/admin';
import { GraphQLClient } from '../support/graphql-client';
import { seedOrders } from '../support/orders';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let cookie: string;
const SEEDED = 2345; // more than two batches of 1000

beforeAll(async () => {
  server = await startTestServer();
  await createAdmin(server);
  const client = new GraphQLClient(server.url);
  await signIn(client);
  cookie = client.cookie!;
  await seedOrders(server.dataSource, SEEDED, { newest: new Date('2025-06-01T12:00:00Z') });
  await server.dataSource.query(
    `INSERT INTO orders (id, child_name, child_age, moral, story_idea, email, book_format, book_style, shipping_address,
                         status, amount_cents, currency, created_at, updated_at, paid_at)
     VALUES ('11111111-2222-4333-8444-555555555555', '=HYPERLINK("http://evil")', 7, 'Kindness',
             'She said "hi", then
left', 'tricky@example.com', 'printed', 'classic',
             $1::jsonb,
             'Paid', 5000, 'USD', '2025-07-01T08:30:00.123Z', '2025-07-01T08:30:00.123Z', '2025-07-01T09:00:00Z')`,
    [
      JSON.stringify({
        fullName: '+Sam',
        streetAddress: '@1 Oak St',
        city: '-Town',
        state: '\tOR',
        zipCode: '\r97201',
        country: 'United States',
      }),
    ],
  );
});
afterAll(() => server?.close());

const exportCsv = (query = '', withCookie = true) =>
  fetch(`${server.url}/admin/orders.csv${query}`, { headers: withCookie ? { cookie } : {} });

/** RFC 4180 records (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && c === '"') {
      quoted = false;
    } else if (quoted) {
      cell += c;
    } else if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else {
      cell += c;
    }
  }
  if (cell || row.length) throw new Error('the CSV does not end with CRLF');
  return rows;
}

describe('the orders CSV export', () => {
  it('answers 401 without a session, and with a signed-out one', async () => {
    const anonymous = await exportCsv('', false);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('content-disposition')).toBeNull();
    const forged = await fetch(`${server.url}/admin/orders.csv`, { headers: { cookie: 'storybook_session=forged' } });
    expect(forged.status).toBe(401);
  });

  it('streams every order, newest first, under a header row, as an attachment named for today', async () => {
    const response = await exportCsv();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="orders-${today}.csv"`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const [header, ...rows] = parseCsv(await response.text());
    expect(header.slice(0, 4)).toEqual(['Order ID', 'Reference', 'Created', 'Status']);
    expect(rows).toHaveLength(SEEDED + 1);
    expect(new Set(rows.map((r) => r[0])).size).toBe(SEEDED + 1);
    const created = rows.map((r) => r[2]);
    expect([...created].sort().reverse()).toEqual(created);
    expect(created[0]).toBe('2025-07-01T08:30:00.123Z');
  });

  it('writes dates in ISO 8601, amounts in dollars with cents, and empty cells for what is not set', async () => {
    const [header, row] = parseCsv(await (await exportCsv('?q=tricky')).text());
    const cell = (name: string) => row[header.indexOf(name)];
    expect(cell('Amount')).toBe('50.00');
    expect(cell('Currency')).toBe('USD');
    expect(cell('Paid')).toBe('2025-07-01T09:00:00.000Z');
    expect(cell('Completed')).toBe('');
    expect(cell('Reference')).toBe('11111111');
    expect(cell('Dedication')).toBe('');
    expect(cell('Child data deleted')).toBe('');
  });

  it('neutralises cells a spreadsheet would run as formulas and quotes commas, quotes and line breaks', async () => {
    const text = await (await exportCsv('?q=tricky')).text();
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(text).toContain(`"She said ""hi"", then\nleft"`);
    const [header, row] = parseCsv(text);
    const cell = (name: string) => row[header.indexOf(name)];
    expect(cell('Child name')).toBe(`'=HYPERLINK("http://evil")`);
    expect(cell('Ship to')).toBe("'+Sam");
    expect(cell('Street address')).toBe("'@1 Oak St");
    expect(cell('City')).toBe("'-Town");
    expect(cell('State')).toBe("'\tOR");
    expect(cell('ZIP code')).toBe("'\r97201");
    expect(cell('Story idea')).toBe('She said "hi", then\nleft');
  });

  it('holds exactly the orders of the status filter and the search, like the dashboard list', async () => {
    const paid = parseCsv(await (await exportCsv('?status=Paid')).text()).slice(1);
    const client = new GraphQLClient(server.url);
    client.cookie = cookie;
    const listed = (await client.query('{ orders(status: Paid) { totalCount } }')).data!.orders.totalCount;
    expect(paid).toHaveLength(listed);
    expect(paid.length).toBeGreaterThan(700);
    expect(paid.every((r) => r[3] === 'Paid')).toBe(true);

    const searched = parseCsv(await (await exportCsv('?status=Completed&q=parent12')).text()).slice(1);
    const searchedCount = (await client.query('{ orders(status: Completed, search: "parent12") { totalCount } }')).data!.orders
      .totalCount;
    expect(searched).toHaveLength(searchedCount);
    expect(searched.length).toBeGreaterThan(0);
    expect(searched.every((r) => r[3] === 'Completed' && r[10].startsWith('parent12'))).toBe(true);
    expect(parseCsv(await (await exportCsv('?q=nobody-matches-this')).text())).toHaveLength(1);
  });

  it('refuses a status that does not exist', async () => {
    const response = await exportCsv('?status=Lost');
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/status must be one of Pending, Paid/);
  });
});
