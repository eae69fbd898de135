/**
 * Several instances of the shop started together on one empty database. On PostgreSQL they
 * all start: one migrates under the advisory lock while the others wait, and every migration
 * runs exactly once. On the embedded database, which only one process may open, exactly one
 * starts and the others refuse with a clear message, leaving the data folder whole.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { migrations } from '../../server/src/migrations';
import { type StartedShop, startShop, stopShop } from '../support/shop-process';
import { createTestDatabase } from '../support/test-server';

const INSTANCES = 3;
const dataDirs: string[] = [];
const started: StartedShop[] = [];

function dataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'storybook-instances-'));
  dataDirs.push(dir);
  return dir;
}

afterAll(async () => {
  await Promise.all(started.map((shop) => stopShop(shop.child)));
  dataDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

async function startTogether(envFor: (i: number) => Record<string, string>) {
  const results = await Promise.allSettled(Array.from({ length: INSTANCES }, (_, i) => startShop(envFor(i))));
  for (const result of results) if (result.status === 'fulfilled') started.push(result.value);
  return results;
}

const baseUrl = process.env.DATABASE_URL;

if (baseUrl) {
  describe('three instances on one empty PostgreSQL database', () => {
    it('all start, and each migration runs exactly once', async () => {
      const database = await createTestDatabase(baseUrl);
      try {
        const results = await startTogether(() => ({ DATA_DIR: dataDir(), DATABASE_URL: database.url }));
        const failures = results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason));
        expect(failures).toEqual([]);
        for (const shop of started) expect((await fetch(`${shop.url}/readyz`)).status).toBe(200);

        const client = new Client({ connectionString: database.url });
        await client.connect();
        const { rows } = await client.query<{ name: string }>('SELECT name FROM migrations ORDER BY id');
        await client.end();
        expect(rows.map((row) => row.name)).toEqual(migrations.map((migration) => migration.name));
      } finally {
        await Promise.all(started.splice(0).map((shop) => stopShop(shop.child)));
        await database.drop();
      }
    });
  });
} else {
  describe('three instances on one empty embedded database', () => {
    it('exactly one starts; the others refuse the data folder it holds', async () => {
      const shared = dataDir();
      const results = await startTogether(() => ({ DATA_DIR: shared }));
      const up = results.filter((r) => r.status === 'fulfilled');
      const refused = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason);
      expect(up).toHaveLength(1);
      expect(refused).toHaveLength(INSTANCES - 1);
      for (const reason of refused)
        expect(reason).toMatchObject({ code: 1, output: expect.stringMatching(/already open in process (\d+|starting now)/) });
      expect((await fetch(`${started[0].url}/readyz`)).status).toBe(200);
    });
  });
}
