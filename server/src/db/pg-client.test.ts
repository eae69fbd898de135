import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { preparedStatement } from '../common/prepared-statements';
import { createDataSource } from './data-source';
import { PgClient, type PgClientConfig } from './pg-client';

const SEVEN = preparedStatement('pg_client_test_seven', 'SELECT $1::int + 6 AS seven');
const preparedNames = async (client: PgClient): Promise<string[]> =>
  (await client.query('SELECT name FROM pg_prepared_statements ORDER BY name')).rows.map((row: { name: string }) => row.name);

/**
 * Where the clients connect: the PostgreSQL of DATABASE_URL when the suite runs on one, else an
 * embedded PGlite served on a socket, as the shop serves it.
 */
let server: { config: pg.ClientConfig; stop(): Promise<void> };

beforeAll(async () => {
  if (process.env.DATABASE_URL) {
    server = { config: { connectionString: process.env.DATABASE_URL }, stop: async () => undefined };
    return;
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  const db = await PGlite.create();
  const socketDir = mkdtempSync(path.join(os.tmpdir(), 'storybook-pg-client-'));
  // Two connections, as the shop's server takes (database.ts): one that ends and the next.
  const socket = new PGLiteSocketServer({ db, path: path.join(socketDir, '.s.PGSQL.5432'), maxConnections: 2 });
  await socket.start();
  server = {
    config: { host: socketDir, port: 5432, user: 'postgres', database: 'postgres' },
    async stop() {
      await socket.stop();
      await db.close();
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
});

afterAll(() => server.stop());

async function connected(config: PgClientConfig = {}): Promise<PgClient> {
  const client = new PgClient({ ...server.config, ...config });
  await client.connect();
  return client;
}

describe("the shop's PostgreSQL client", () => {
  it('answers every form of query pg takes: text, text with values, a config, with or without a callback', async () => {
    const client = await connected();
    try {
      expect((await client.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
      expect((await client.query('SELECT $1::int + 1 AS two', [1])).rows).toEqual([{ two: 2 }]);
      expect((await client.query({ text: 'SELECT $1::text AS word', values: ['tale'], rowMode: 'array' })).rows).toEqual([
        ['tale'],
      ]);
      const byCallback = await new Promise((resolve, reject) =>
        client.query('SELECT $1::int AS three', [3], (error, result) => (error ? reject(error) : resolve(result.rows))),
      );
      expect(byCallback).toEqual([{ three: 3 }]);
      const withoutValues = await new Promise((resolve, reject) =>
        client.query('SELECT 4 AS four', (error: Error | null, result: pg.QueryResult) =>
          error ? reject(error) : resolve(result.rows),
        ),
      );
      expect(withoutValues).toEqual([{ four: 4 }]);
    } finally {
      await client.end();
    }
  });

  it("rejects a failed query with the server's error, whose stack leads back to the code that asked", async () => {
    const client = await connected();
    try {
      const failure = await client.query('SELECT * FROM no_such_table').catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(Error);
      expect((failure as pg.DatabaseError).code).toBe('42P01');
      expect((failure as Error).stack).toContain('pg-client.test.ts');
      // The client goes on answering.
      expect((await client.query('SELECT 5 AS five')).rows).toEqual([{ five: 5 }]);
    } finally {
      await client.end();
    }
  });

  it('fails a query not answered within its read timeout, as pg does, and answers again once the server is done with it', async () => {
    const client = await connected({ readTimeoutMs: 100 });
    try {
      await expect(client.query('SELECT pg_sleep(0.4)')).rejects.toThrow('Query read timeout');
      // The connection is the sleeping query's until the server has answered it (the answer goes
      // nowhere); a query asked meanwhile waits in line, and times out in turn if it waits too long.
      const deadline = Date.now() + 10_000;
      let answer: pg.QueryResult | undefined;
      while (!answer && Date.now() < deadline) {
        answer = await client.query('SELECT 6 AS six').catch((error: Error) => {
          expect(error.message).toBe('Query read timeout');
          return undefined;
        });
      }
      expect(answer?.rows).toEqual([{ six: 6 }]);
    } finally {
      await client.end();
    }
  });

  it('sends a registered statement by its name, prepared once per connection, and any other text unnamed', async () => {
    const client = await connected();
    try {
      expect(await preparedNames(client)).toEqual([]);
      for (let run = 0; run < 3; run++) expect((await client.query(SEVEN, [1])).rows).toEqual([{ seven: 7 }]);
      expect((await client.query('SELECT $1::int + 7 AS eight', [1])).rows).toEqual([{ eight: 8 }]);
      expect(await preparedNames(client)).toEqual(['pg_client_test_seven']);
    } finally {
      // The embedded database's one session outlives the connection: it is left as it was found.
      await client.query('DEALLOCATE ALL');
      await client.end();
    }
  });

  it("is the client of the shop's connection pool", async () => {
    const dataSource = createDataSource(
      process.env.DATABASE_URL
        ? { url: process.env.DATABASE_URL }
        : { host: String(server.config.host), port: 5432, poolSize: 1 },
    );
    await dataSource.initialize();
    const runner = dataSource.createQueryRunner();
    try {
      await runner.connect();
      expect((runner as unknown as { databaseConnection: unknown }).databaseConnection).toBeInstanceOf(PgClient);
      expect(await runner.query('SELECT 7 AS seven')).toEqual([{ seven: 7 }]);
    } finally {
      await runner.release();
      await dataSource.destroy();
    }
  });
});
