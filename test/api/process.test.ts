/**
 * The real process (server/src/main.ts) on the embedded database: it starts with nothing set
 * up, keeps its data across a restart, stops cleanly on SIGTERM, and refuses to open a data
 * folder another process holds.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');
let dataDir: string;

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
}

function start(extraEnv: Record<string, string> = {}): Promise<Started> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  delete env.NODE_OPTIONS;
  env.NODE_ENV = 'development';
  env.SWC_NODE_PROJECT = path.join(root, 'server', 'tsconfig.json');
  const child = spawn(process.execPath, ['-r', '@swc-node/register', path.join(root, 'server', 'src', 'main.ts')], {
    cwd: root,
    env,
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start within 60 s:\n${output}`)), 60_000);
    const check = () => {
      const match = /"msg":"storybook shop listening","url":"([^"]+)"/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1], output: () => output });
      }
    };
    child.stdout!.on('data', check);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(Object.assign(new Error(`exited with ${code}:\n${output}`), { output, code }));
    });
  });
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

beforeAll(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'storybook-process-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the shop process on the embedded database', () => {
  it('starts with no set-up, creates the first admin from the environment, and stops cleanly on SIGTERM', async () => {
    const first = await start({ ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'a long enough password' });
    expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
    expect(first.output()).toContain('first admin created from ADMIN_EMAIL');
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
