/**
 * OpenTelemetry tracing of the real process: off (and not loaded) without
 * OTEL_EXPORTER_OTLP_ENDPOINT; with it, spans for the HTTP request, the GraphQL operation and its
 * database queries reach an OTLP/HTTP collector (a local stand-in that keeps what it is sent).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startShop, stopShop } from '../support/shop-process';
import { createTestDatabase } from '../support/test-server';

const root = path.resolve(__dirname, '..', '..');

interface ExportedSpan {
  scope: string;
  name: string;
  attributes: string;
}

/** An OTLP/HTTP collector: keeps every span of every POST /v1/traces (JSON encoding). */
async function startCollector() {
  const spans: ExportedSpan[] = [];
  const services = new Set<string>();
  const bodies: string[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/traces') {
        bodies.push(body);
        for (const resourceSpans of JSON.parse(body).resourceSpans ?? []) {
          for (const attr of resourceSpans.resource?.attributes ?? []) {
            if (attr.key === 'service.name') services.add(attr.value.stringValue);
          }
          for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
            for (const span of scopeSpans.spans ?? []) {
              spans.push({ scope: scopeSpans.scope.name, name: span.name, attributes: JSON.stringify(span.attributes) });
            }
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, spans, services, bodies, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Whether loading the preload module (as main.ts does first) loads any OpenTelemetry module. */
function loadsOpenTelemetry(env: Record<string, string>): boolean {
  const script =
    "require('./server/src/observability/tracing-preload.ts');" +
    "process.stdout.write(String(Object.keys(require.cache).some((m) => m.includes('@opentelemetry'))));" +
    'process.exit(0);';
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    ENV_FILE: 'none',
    SWC_NODE_PROJECT: path.join(root, 'server', 'tsconfig.json'),
  };
  delete childEnv.OTEL_EXPORTER_OTLP_ENDPOINT;
  delete childEnv.NODE_OPTIONS;
  const output = execFileSync(process.execPath, ['-r', '@swc-node/register', '-e', script], {
    cwd: root,
    env: { ...childEnv, ...env },
    encoding: 'utf8',
  });
  return output.trim() === 'true';
}

describe('tracing', () => {
  it('is off without OTEL_EXPORTER_OTLP_ENDPOINT, and no OpenTelemetry module is loaded', () => {
    expect(loadsOpenTelemetry({})).toBe(false);
    expect(loadsOpenTelemetry({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' })).toBe(true);
  }, 60_000);

  it('sends the spans of an HTTP request, its GraphQL operation and its queries to the collector', async () => {
    const collector = await startCollector();
    const database = process.env.DATABASE_URL ? await createTestDatabase(process.env.DATABASE_URL) : undefined;
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'storybook-tracing-'));
    const shop = await startShop({
      DATA_DIR: dataDir,
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      OTEL_SERVICE_NAME: 'shop-under-test',
      OTEL_BSP_SCHEDULE_DELAY: '100',
      ...(database ? { DATABASE_URL: database.url } : {}),
    });
    try {
      expect(shop.output()).toContain(`"tracing":"OTLP to ${collector.url} as shop-under-test"`);
      expect((await fetch(`${shop.url}/readyz`)).status).toBe(200);
      const response = await fetch(`${shop.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: 'mutation Subscribe($email: String!) { subscribeNewsletter(email: $email) { userErrors { message } } }',
          variables: { email: 'traced.parent@example.com' },
        }),
      });
      const reply = (await response.json()) as { data: { subscribeNewsletter: { userErrors: unknown[] } } };
      expect(reply.data.subscribeNewsletter.userErrors).toEqual([]);

      const deadline = Date.now() + 30_000;
      const has = (scope: string) => collector.spans.some((s) => s.scope === `@opentelemetry/instrumentation-${scope}`);
      while (Date.now() < deadline && !(has('http') && has('graphql') && has('pg'))) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect({ http: has('http'), graphql: has('graphql'), pg: has('pg') }).toEqual({ http: true, graphql: true, pg: true });
      expect([...collector.services]).toEqual(['shop-under-test']);
      expect(collector.spans.some((s) => s.scope.endsWith('graphql') && s.name.includes('Subscribe'))).toBe(true);
      // Health checks are not traced, and no query's parameters (a parent's e-mail) leave the shop.
      expect(collector.spans.some((s) => s.attributes.includes('/readyz'))).toBe(false);
      expect(collector.bodies.join('')).not.toContain('traced.parent@example.com');
    } finally {
      await stopShop(shop.child);
      await collector.close();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
