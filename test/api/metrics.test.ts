/**
 * /metrics: never public (a token on the app's port, or a port of its own, or not served at
 * all), and the storybook_* series move with what the shop does: orders, refusals, payments,
 * uploads, the outbox.
 */
import net from 'node:net';
import { CONFIRM_SANDBOX, placeOrder, placePaidOrder, START_PAYMENT } from '../support/checkout';
import { GraphQLClient } from '../support/graphql-client';
import { makePng } from '../support/images';
import { CREATE_ORDER, digitalOrder } from '../support/orders';
import { startTestServer, type TestServer } from '../support/test-server';

const TOKEN = 'metrics-token-for-tests-0123456789';

/** The value of one sample line (`name{labels} value`), or undefined when there is none. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const seriesNames = (text: string) =>
  [...new Set(text.split('\n').flatMap((line) => (line.startsWith('# TYPE ') ? [line.split(' ')[2]] : [])))].sort();

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('/metrics behind a token on the app port', () => {
  let server: TestServer;
  let client: GraphQLClient;
  beforeAll(async () => {
    server = await startTestServer({ METRICS_TOKEN: TOKEN });
    client = new GraphQLClient(server.url);
  });
  afterAll(() => server?.close());

  const scrape = (authorization?: string) => fetch(`${server.url}/metrics`, { headers: authorization ? { authorization } : {} });

  it('answers 401 without the token or with a wrong one', async () => {
    const none = await scrape();
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await none.text()).not.toContain('storybook_');
    expect((await scrape(`Bearer ${TOKEN}x`)).status).toBe(401);
    expect((await scrape(TOKEN)).status).toBe(401);
  });

  it('counts orders, refusals, payments, uploads, the outbox and HTTP requests by bounded labels', async () => {
    const photo = await makePng();
    await placePaidOrder(client); // createOrder, startPayment, confirmSandboxPayment, recordPayment
    const declined = await placeOrder(client);
    const started = (await client.query(START_PAYMENT, declined)).data!.startPayment;
    const refusedCard = await client.query(CONFIRM_SANDBOX, {
      ...declined,
      paymentId: started.paymentId,
      cardNumber: '4000 0000 0000 0002',
    });
    expect(refusedCard.data!.confirmSandboxPayment.succeeded).toBe(false);
    const invalid = await client.upload(
      CREATE_ORDER,
      { input: { ...digitalOrder(), childName: '' } },
      { childPhoto: { name: 'kid.png', type: 'image/png', data: photo } },
    );
    expect(invalid.data!.createOrder.userErrors.length).toBeGreaterThan(0);
    await fetch(`${server.url}/some/client/page/SECRET-PATH-1`);

    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();

    expect(sample(text, 'storybook_graphql_operations_total{operation="CreateOrder",type="mutation",outcome="ok"}')).toBe(2);
    expect(sample(text, 'storybook_graphql_operations_total{operation="CreateOrder",type="mutation",outcome="user_error"}')).toBe(
      1,
    );
    expect(sample(text, 'storybook_payments_total{provider="sandbox",outcome="succeeded"}')).toBe(1);
    expect(sample(text, 'storybook_payments_total{provider="sandbox",outcome="declined"}')).toBe(1);
    // The refused order's photo is never read: validation comes first.
    expect(sample(text, 'storybook_upload_bytes_total{kind="photo"}')).toBe(2 * photo.length);
    expect(sample(text, 'storybook_photo_processing_seconds_count{outcome="ok"}')).toBe(2);
    // No mail provider: the paid order's confirmation waits in the outbox.
    expect(sample(text, 'storybook_outbox_pending')).toBe(1);
    expect(sample(text, 'storybook_outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'storybook_http_requests_total{method="POST",route="/graphql",status_class="2xx"}')).toBe(8);
    expect(sample(text, 'storybook_http_request_duration_seconds_count{method="POST",route="/graphql",status_class="2xx"}')).toBe(
      8,
    );
    expect(sample(text, 'storybook_http_requests_total{method="GET",route="static",status_class="4xx"}')).toBe(1);
    expect(text).not.toContain('SECRET-PATH-1');
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_heap_size_used_bytes');
  });

  it('counts a scrape on the app port under its own route', async () => {
    await scrape(`Bearer ${TOKEN}`);
    const text = await (await scrape(`Bearer ${TOKEN}`)).text();
    expect(
      sample(text, 'storybook_http_requests_total{method="GET",route="/metrics",status_class="2xx"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(seriesNames(text).filter((name) => name.startsWith('storybook_'))).toEqual([
      'storybook_graphql_operation_duration_seconds',
      'storybook_graphql_operations_total',
      'storybook_http_request_duration_seconds',
      'storybook_http_requests_total',
      'storybook_jobs_total',
      'storybook_outbox_oldest_pending_age_seconds',
      'storybook_outbox_pending',
      'storybook_outbox_send_failures_total',
      'storybook_outbox_sent_total',
      'storybook_payments_total',
      'storybook_photo_processing_seconds',
      'storybook_upload_bytes_total',
    ]);
  });
});

describe('/metrics with neither METRICS_TOKEN nor METRICS_PORT', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('is not served: 404, token or not', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    const withToken = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(withToken.status).toBe(404);
    expect(await withToken.text()).not.toContain('storybook_');
    expect(server.app.metricsUrl).toBeNull();
  });
});

describe('/metrics on a port of its own (METRICS_PORT)', () => {
  let server: TestServer;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    server = await startTestServer({ METRICS_PORT: String(port) });
  });
  afterAll(() => server?.close());

  it('is served there without a token, and not on the app port', async () => {
    expect(server.app.metricsUrl).toBe(`http://127.0.0.1:${port}/metrics`);
    await new GraphQLClient(server.url).query('query Shop { shopConfig { paymentProvider } }');
    const response = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(sample(text, 'storybook_graphql_operations_total{operation="Shop",type="query",outcome="ok"}')).toBe(1);
    expect(text).toContain('process_resident_memory_bytes');

    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/graphql`)).status).toBe(404);
  });
});
