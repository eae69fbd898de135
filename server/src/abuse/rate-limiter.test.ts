import { startTestServer, type TestServer } from '../../../test/support/test-server';
import { RateLimiter, type RateLimitRule } from './rate-limiter';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());
beforeEach(() => server.dataSource.query('DELETE FROM rate_limit_counters'));

const rule = (over: Partial<RateLimitRule> = {}): RateLimitRule => ({ name: 'test-rule', limit: 3, windowMs: 3600_000, ...over });

describe('RateLimiter', () => {
  it('allows the limit, refuses the next, and counts each key apart', async () => {
    const limiter = new RateLimiter(server.dataSource, { enabled: true });
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await limiter.take(rule(), '203.0.113.7'));
    expect(results).toEqual([true, true, true, false, false]);
    expect(await limiter.take(rule(), '203.0.113.8')).toBe(true);
    expect(await limiter.take(rule({ name: 'other-rule' }), '203.0.113.7')).toBe(true);
    // A refused request is not counted: the stored count stops at the limit.
    const rows = await server.dataSource.query(
      `SELECT key, hits FROM rate_limit_counters WHERE rule = 'test-rule' ORDER BY hits`,
    );
    expect(rows.map((row: { hits: number }) => row.hits)).toEqual([1, 3]);
  });

  it('stores only a hash of the key, never the address or e-mail itself', async () => {
    const limiter = new RateLimiter(server.dataSource, { enabled: true });
    await limiter.take(rule(), 'parent@example.com');
    const [row] = await server.dataSource.query('SELECT key FROM rate_limit_counters');
    expect(row.key).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await server.dataSource.query('SELECT * FROM rate_limit_counters'))).not.toContain('parent@');
  });

  it('lets exactly the limit through when many requests arrive at once', async () => {
    const limiter = new RateLimiter(server.dataSource, { enabled: true });
    // Two limiters stand for two instances sharing the database.
    const other = new RateLimiter(server.dataSource, { enabled: true });
    const takes = Array.from({ length: 40 }, (_, i) => (i % 2 ? limiter : other).take(rule({ limit: 10 }), '198.51.100.1'));
    const allowed = (await Promise.all(takes)).filter(Boolean);
    expect(allowed).toHaveLength(10);
    const [row] = await server.dataSource.query('SELECT hits FROM rate_limit_counters');
    expect(Number(row.hits)).toBe(10);
  });

  it('starts a new window once the old one is over, and deletes the old counters', async () => {
    const limiter = new RateLimiter(server.dataSource, { enabled: true });
    expect(await limiter.take(rule({ limit: 1 }), 'k')).toBe(true);
    expect(await limiter.take(rule({ limit: 1 }), 'k')).toBe(false);
    // Age the window rather than wait for it.
    await server.dataSource.query(
      `UPDATE rate_limit_counters SET window_start = window_start - interval '2 hours', expires_at = expires_at - interval '2 hours'`,
    );
    expect(await limiter.take(rule({ limit: 1 }), 'k')).toBe(true);
    expect(await limiter.deleteExpired()).toBe(1);
    expect(await limiter.take(rule({ limit: 1 }), 'k')).toBe(false);
  });

  it('lets everything through and stores nothing when turned off', async () => {
    const limiter = new RateLimiter(server.dataSource, { enabled: false });
    for (let i = 0; i < 5; i++) expect(await limiter.take(rule({ limit: 1 }), 'k')).toBe(true);
    expect(await server.dataSource.query('SELECT * FROM rate_limit_counters')).toEqual([]);
  });

  it('refuses a rule without a positive limit rather than let everything through', async () => {
    const limiter = new RateLimiter(server.dataSource, { enabled: true });
    await expect(limiter.take(rule({ limit: 0 }), 'k')).rejects.toThrow(/positive limit/);
  });
});
