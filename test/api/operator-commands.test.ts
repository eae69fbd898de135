/**
 * `npm run admin:create` and `npm run migrate`, run as an operator runs them: through npm, in a
 * checkout and in a folder laid out as the production image is (the server compiled, no
 * sources), against the embedded database in a temporary DATA_DIR, or with DATABASE_URL set on
 * a fresh database of that PostgreSQL server. And `npm run bucket:create`, which
 * docker-compose.yml runs once before the shop, against s3rver.
 */
import { HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { copyFileSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { createLogger } from '../../server/src/common/logger';
import { openDatabase } from '../../server/src/db/database';
import { s3ClientConfig } from '../../server/src/media/s3-storage';
import { migrations } from '../../server/src/migrations';
import { startS3rver } from '../support/s3rver';
import { startShop, stopShop } from '../support/shop-process';
import { databaseName, npmRun, repoRoot, shopEnv, tempFolder } from '../support/operator-commands';

const root = repoRoot;
const folder = tempFolder;

/** Starts the shop on `env`'s database, signs in through the API, and stops it. */
async function signInAs(env: Record<string, string>, email: string, password: string): Promise<unknown> {
  const shop = await startShop(env);
  try {
    const response = await fetch(`${shop.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: 'mutation($e: String!, $p: String!) { login(email: $e, password: $p) { admin { email } userErrors { message } } }',
        variables: { e: email, p: password },
      }),
    });
    return ((await response.json()) as { data: { login: unknown } }).data.login;
  } finally {
    await stopShop(shop.child);
  }
}

/** Whether anything made `env`'s database: the embedded one's folder, or a table on PostgreSQL. */
async function hasDatabase(env: Record<string, string>): Promise<boolean> {
  if (!env.DATABASE_URL) return readdirSync(env.DATA_DIR).includes('pglite');
  const client = new Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query("SELECT 1 FROM information_schema.tables WHERE table_schema = 'public'");
    return rows.length > 0;
  } finally {
    await client.end();
  }
}

/** The migrations recorded as run, in order. */
async function recordedMigrations(env: Record<string, string>): Promise<string[]> {
  if (env.DATABASE_URL) {
    const client = new Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>('SELECT name FROM migrations ORDER BY id');
      return rows.map((row) => row.name);
    } finally {
      await client.end();
    }
  }
  // The embedded database, opened in this process once no other holds it.
  const database = await openDatabase({ pgliteDir: path.join(env.DATA_DIR, 'pglite'), logger: createLogger('silent') });
  try {
    const rows: Array<{ name: string }> = await database.dataSource.query('SELECT name FROM migrations ORDER BY id');
    return rows.map((row) => row.name);
  } finally {
    await database.close();
  }
}

const database = databaseName;

describe(`npm run admin:create on ${database}`, () => {
  it('creates an admin with a generated password it prints once, who can then sign in', async () => {
    const env = await shopEnv('operator', { migrated: true });
    const created = await npmRun(['admin:create', '--', '--email', 'Owner@Example.com'], env);
    expect(created).toMatchObject({ code: 0 });
    const printed = /^Created admin owner@example\.com\npassword: (\S+)\n$/.exec(created.stdout);
    expect(printed).not.toBeNull();
    expect(await signInAs(env, 'owner@example.com', printed![1])).toEqual({
      admin: { email: 'owner@example.com' },
      userErrors: [],
    });
  }, 180_000);

  it("refuses a short password before it opens the database, and sets an existing admin's password", async () => {
    const env = await shopEnv();
    const tooShort = await npmRun(['admin:create', '--', '--email', 'owner@example.com', '--password', 'short'], env);
    expect(tooShort).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('The password must be at least 12 characters long.'),
    });
    expect(await hasDatabase(env)).toBe(false);

    const created = await npmRun(['admin:create', '--', '--email', 'owner@example.com', '--password', 'first password 123'], env);
    expect(created).toMatchObject({ code: 0, stdout: 'Created admin owner@example.com\n' });
    const updated = await npmRun(
      ['admin:create', '--', '--email', 'owner@example.com', '--password', 'second password 456'],
      env,
    );
    expect(updated).toMatchObject({ code: 0, stdout: 'Updated the password of admin owner@example.com\n' });
    expect(await signInAs(env, 'owner@example.com', 'second password 456')).toMatchObject({
      admin: { email: 'owner@example.com' },
    });
  }, 180_000);

  it('works where the server is compiled and its sources are not, as in the production image', async () => {
    // The image's layout (Dockerfile): the manifests, this one script, the compiled server.
    const image = folder('image');
    mkdirSync(path.join(image, 'scripts'));
    mkdirSync(path.join(image, 'server'));
    copyFileSync(path.join(root, 'package.json'), path.join(image, 'package.json'));
    copyFileSync(path.join(root, 'scripts', 'server-script.mjs'), path.join(image, 'scripts', 'server-script.mjs'));
    copyFileSync(path.join(root, 'server', 'package.json'), path.join(image, 'server', 'package.json'));
    symlinkSync(path.join(root, 'server', 'dist'), path.join(image, 'server', 'dist'));
    symlinkSync(path.join(root, 'node_modules'), path.join(image, 'node_modules'));
    // An empty folder: the image's compiled migrations set up the embedded database.
    const env = await shopEnv();
    const created = await npmRun(
      ['admin:create', '--', '--email', 'owner@example.com', '--password', 'image password 789'],
      env,
      image,
    );
    expect(created).toMatchObject({ code: 0, stdout: 'Created admin owner@example.com\n' });
    expect(created.stderr).not.toMatch(/build|tsc/i);
    expect(await signInAs(env, 'owner@example.com', 'image password 789')).toMatchObject({
      admin: { email: 'owner@example.com' },
    });
  }, 180_000);
});

describe(`npm run migrate on ${database}`, () => {
  it('applies every migration, and a second run finds nothing to do', async () => {
    const env = await shopEnv();
    const first = await npmRun(['migrate'], env);
    expect(first).toMatchObject({ code: 0 });
    expect(first.stdout).toContain('"msg":"database is up to date"');
    const all = migrations.map((migration) => migration.name);
    expect(await recordedMigrations(env)).toEqual(all);

    const second = await npmRun(['migrate'], env);
    expect(second).toMatchObject({ code: 0 });
    expect(second.stdout).not.toContain('"msg":"migrations ran"');
    expect(await recordedMigrations(env)).toEqual(all);
  }, 180_000);
});

describe('npm run bucket:create, which docker-compose.yml runs before the shop', () => {
  it('creates the bucket S3_BUCKET names when the store has none, and leaves one that exists alone', async () => {
    const store = await startS3rver('another-bucket');
    const client = new S3Client(s3ClientConfig(store.config));
    try {
      const env = { ...store.env, S3_BUCKET: 'storybook-media', DATA_DIR: folder('bucket') };
      const created = await npmRun(['bucket:create'], env);
      expect(created).toMatchObject({ code: 0 });
      expect(created.stdout).toContain('"msg":"bucket created","bucket":"storybook-media"');
      await client.send(new HeadBucketCommand({ Bucket: 'storybook-media' }));

      const again = await npmRun(['bucket:create'], env);
      expect(again).toMatchObject({ code: 0 });
      expect(again.stdout).toContain('"msg":"the bucket exists","bucket":"storybook-media"');
    } finally {
      client.destroy();
      await store.close();
    }
  });
});
