/**
 * The real process (server/src/main.ts) on the embedded database, whatever DATABASE_URL says: it
 * starts with nothing set up, keeps its data across a restart, stops cleanly on SIGTERM, refuses to
 * open a data folder another process holds, and in production names its mail provider as it
 * starts. (process.test.ts: what it does before it opens either database.)
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { copyMigratedDatabase } from '../support/migrated-pglite';
import { startShop, stopShop as stop } from '../support/shop-process';

let dataDir: string;

const start = (extraEnv: Record<string, string> = {}) => startShop({ DATA_DIR: dataDir, ...extraEnv });

beforeAll(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'storybook-process-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the shop process on the embedded database', () => {
  it('starts with no set-up, creates the first admin from the environment, and stops cleanly on SIGTERM', async () => {
    const first = await start({ ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'a long enough password' });
    expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
    expect(first.output()).toContain('first admin created from ADMIN_EMAIL');
    // Buffers count towards a full collection by what they hold (server/src/common/v8-flags.ts).
    expect(first.output()).toContain('"msg":"V8 flags set at start","flags":["--external-memory-accounted-in-global-limit"]');
    expect(existsSync(`${path.join(dataDir, 'pglite')}.lock`)).toBe(true);

    expect(await stop(first.child)).toBe(0);
    expect(existsSync(`${path.join(dataDir, 'pglite')}.lock`)).toBe(false);
  });

  it('keeps its data across a restart and refuses a second process on the same folder', async () => {
    const again = await start();
    try {
      const login = await fetch(`${again.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: 'mutation { login(email: "owner@example.com", password: "a long enough password") { admin { email } } }',
        }),
      });
      expect(await login.json()).toEqual({ data: { login: { admin: { email: 'owner@example.com' } } } });
      expect(again.output()).not.toContain('An admin account was created');

      const second = await start().catch((error: { code?: number; output?: string }) => error);
      expect(second).toMatchObject({ code: 1 });
      expect((second as { output: string }).output).toMatch(/already open in process \d+/);
    } finally {
      expect(await stop(again.child)).toBe(0);
    }
  });
});

describe('the shop process in production', () => {
  it('names its mail provider in the start-up log and warns that without one no e-mail is sent', async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'storybook-production-'));
    try {
      // Its subject is the log, not the set-up (the test above starts on an empty folder).
      await copyMigratedDatabase(folder);
      const shop = await startShop({
        NODE_ENV: 'production',
        DATA_DIR: folder,
        ALLOW_EMBEDDED_DB: 'true',
        PUBLIC_URL: 'https://shop.example.com',
        SESSION_SECRET: 'process-test-session-secret-'.padEnd(64, 's'),
        MEDIA_SECRET: 'process-test-media-secret-'.padEnd(64, 'm'),
        STRIPE_SECRET_KEY: 'sk_test_process',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_process',
        STRIPE_WEBHOOK_SECRET: 'whsec_process',
        ADMIN_EMAIL: 'owner@example.com',
        ADMIN_PASSWORD: 'a long enough password',
      });
      expect(await stop(shop.child)).toBe(0);
      const lines = shop
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(lines.find((line) => line.msg === 'payments, e-mail and files')).toMatchObject({
        paymentProvider: 'stripe',
        mailer: 'outbox only (no MAILGUN_API_KEY)',
      });
      expect(lines.find((line) => String(line.msg).includes('NO E-MAIL IS SENT'))).toMatchObject({ level: 'warn' });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
