import { MAX_OPERATION_NAMES, Metrics, routeLabel } from './metrics';

const sample = async (metrics: Metrics, name: string) => (await metrics.registry.getSingleMetric(name)!.get()).values;

describe('Metrics', () => {
  it('keeps HTTP labels bounded: known routes by prefix, other GETs as static, the rest as other', () => {
    expect(routeLabel('POST', '/graphql')).toBe('/graphql');
    expect(routeLabel('GET', '/media/photos/5b9d.png')).toBe('/media');
    expect(routeLabel('POST', '/webhooks/stripe')).toBe('/webhooks/stripe');
    expect(routeLabel('GET', '/video/SECRET-TOKEN')).toBe('static');
    expect(routeLabel('GET', '/graphqlx')).toBe('static');
    expect(routeLabel('DELETE', '/anything/at/all')).toBe('other');
  });

  it('collapses anonymous and odd operation names, and caps the distinct names kept', async () => {
    const metrics = new Metrics();
    metrics.graphqlOperation(null, 'query', 'ok', 0.01);
    metrics.graphqlOperation('bad name!', 'query', 'ok', 0.01);
    for (let i = 0; i < MAX_OPERATION_NAMES + 20; i++) metrics.graphqlOperation(`Op${i}`, 'mutation', 'ok', 0.01);
    const operations = new Set((await sample(metrics, 'storybook_graphql_operations_total')).map((v) => v.labels.operation));
    expect(operations.has('anonymous')).toBe(true);
    expect(operations.has('bad name!')).toBe(false);
    expect(operations.has(`Op${MAX_OPERATION_NAMES - 1}`)).toBe(true);
    expect(operations.has(`Op${MAX_OPERATION_NAMES}`)).toBe(false);
    expect(operations.size).toBe(MAX_OPERATION_NAMES + 2); // the names kept, anonymous and other
    const other = (await sample(metrics, 'storybook_graphql_operations_total')).find(
      (v) => v.labels.operation === 'other' && v.labels.type === 'mutation',
    );
    expect(other?.value).toBe(20);
  });

  it('reads the outbox backlog on scrape, once for both gauges, and reuses it for a while', async () => {
    let reads = 0;
    const metrics = new Metrics({
      outboxBacklog: async () => {
        reads++;
        return { pending: 3, oldestAgeSeconds: 42.5 };
      },
      backlogCacheMs: 60_000,
    });
    const text = (await metrics.render()).body;
    expect(text).toContain('storybook_outbox_pending 3');
    expect(text).toContain('storybook_outbox_oldest_pending_age_seconds 42.5');
    await metrics.render();
    expect(reads).toBe(1);
  });

  it('keeps the last backlog when the database does not answer, rather than failing the scrape', async () => {
    let fail = false;
    const metrics = new Metrics({
      outboxBacklog: async () => {
        if (fail) throw new Error('connection lost');
        return { pending: 7, oldestAgeSeconds: 1 };
      },
      backlogCacheMs: 0,
    });
    expect((await metrics.render()).body).toContain('storybook_outbox_pending 7');
    fail = true;
    expect((await metrics.render()).body).toContain('storybook_outbox_pending 7');
  });

  it('gives each app its own registry: two in one process do not collide or share counts', async () => {
    const a = new Metrics({ processMetrics: true });
    const b = new Metrics({ processMetrics: true });
    a.payment('sandbox', 'succeeded');
    expect(await sample(a, 'storybook_payments_total')).toEqual([
      expect.objectContaining({ labels: { provider: 'sandbox', outcome: 'succeeded' }, value: 1 }),
    ]);
    expect(await sample(b, 'storybook_payments_total')).toEqual([]);
    expect((await b.render()).body).toContain('process_cpu_user_seconds_total');
  });
});
