// Playwright's web server: the built shop (npm run build first) on E2E_PORT with a fresh data
// folder, on embedded PGlite, or on a fresh database of DATABASE_URL's server (made here and
// dropped on exit). The e2e admin is created from ADMIN_EMAIL/ADMIN_PASSWORD on first start.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'storybook-e2e-'));
// ENV_FILE=none: the developer's own .env (a DATABASE_URL, say) never reaches the tests.
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  HOST: '127.0.0.1',
  PORT: process.env.E2E_PORT,
  LOG_LEVEL: 'warn',
  ENV_FILE: 'none',
};
delete env.NODE_OPTIONS;

let dropDatabase = async () => {};
if (process.env.DATABASE_URL) {
  const name = `e2e_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  dropDatabase = async () => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.end();
  };
}

const server = spawn(process.execPath, [path.join(root, 'server', 'dist', 'main.js')], { env, stdio: 'inherit' });
let stopping = false;
const stop = (signal) => {
  if (stopping) return;
  stopping = true;
  server.kill(signal);
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
server.on('exit', async (code) => {
  await dropDatabase().catch((error) => console.error('could not drop the e2e database', error));
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(stopping ? 0 : (code ?? 1));
});
