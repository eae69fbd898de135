/**
 * The real process (server/src/main.ts) stops before it touches the database, on the embedded one
 * or (with DATABASE_URL) on PostgreSQL: with its port taken, and with a first admin's password it
 * would refuse. (embedded-process.test.ts: the process on the embedded database.)
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { startShop, stopShop as stop } from '../support/shop-process';
import { createTestDatabase } from '../support/test-server';

/** The tables of a PostgreSQL database's public schema. */
async function tablesOf(url: string): Promise<string[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'",
    );
    return rows.map((row) => row.name);
  } finally {
    await client.end();
  }
}

describe('the shop process with its port taken', () => {
  it('exits with a clear message before it touches the database: no migration, no admin, no password', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as net.AddressInfo;
    const folder = mkdtempSync(path.join(os.tmpdir(), 'storybook-port-taken-'));
    const database = process.env.DATABASE_URL ? await createTestDatabase(process.env.DATABASE_URL) : undefined;
    try {
      const failure = await startShop({
        DATA_DIR: folder,
        PORT: String(port),
        ...(database ? { DATABASE_URL: database.url } : {}),
      }).then(
        (shop) => stop(shop.child).then(() => ({ code: 0, output: shop.output() })),
        (error: { code?: number; output?: string }) => error,
      );
      expect(failure).toMatchObject({ code: 1 });
      const output = failure.output ?? '';
      expect(output).toContain(`port ${port} on 127.0.0.1 is already in use`);
      expect(output).not.toMatch(/password/i);
      expect(output).not.toMatch(/admin (account )?(was )?created/i);
      expect(output).not.toContain('database ready');
      // Only the development secrets (made while the configuration is read), no database.
      expect(readdirSync(folder)).not.toContain('pglite');
      if (database) expect(await tablesOf(database.url)).toEqual([]);
    } finally {
      taken.close();
      await database?.drop();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('the shop process with a first admin it could not create', () => {
  it('refuses a short ADMIN_PASSWORD before any migration runs', async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'storybook-short-password-'));
    const database = process.env.DATABASE_URL ? await createTestDatabase(process.env.DATABASE_URL) : undefined;
    try {
      const failure = await startShop({
        DATA_DIR: folder,
        ADMIN_EMAIL: 'owner@example.com',
        ADMIN_PASSWORD: 'too short',
        ...(database ? { DATABASE_URL: database.url } : {}),
      }).then(
        (shop) => stop(shop.child).then(() => ({ code: 0, output: shop.output() })),
        (error: { code?: number; output?: string }) => error,
      );
      expect(failure).toMatchObject({ code: 1 });
      expect(failure.output).toContain('ADMIN_PASSWORD must be at least 12 characters long, got 9');
      expect(failure.output).not.toContain('too short');
      expect(readdirSync(folder)).not.toContain('pglite');
      if (database) expect(await tablesOf(database.url)).toEqual([]);
    } finally {
      await database?.drop();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
