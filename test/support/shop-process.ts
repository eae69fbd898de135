/** Starts the real process (server/src/main.ts, compiled on the fly) and stops it, for tests of the process itself. */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');

export interface StartedShop {
  child: ChildProcess;
  url: string;
  output: () => string;
}

/**
 * Resolves once the shop listens; rejects with `{ code, output }` if it exits first. On the
 * embedded database unless `env` names a DATABASE_URL; in development unless it names a NODE_ENV.
 * `env` names the DATA_DIR: without one the shop would open the checkout's own `data/` folder (the
 * developer's database, files and secrets, and a folder `npm start` may hold).
 */
export function startShop(env: Record<string, string>): Promise<StartedShop> {
  if (!env.DATA_DIR) return Promise.reject(new Error('startShop needs a DATA_DIR of its own (a temporary folder)'));
  const childEnv: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' };
  delete childEnv.DATABASE_URL;
  delete childEnv.NODE_OPTIONS;
  Object.assign(childEnv, env);
  childEnv.NODE_ENV = env.NODE_ENV ?? 'development';
  // The developer's own .env (a DATABASE_URL, say) never reaches a test.
  childEnv.ENV_FILE = 'none';
  childEnv.SWC_NODE_PROJECT = path.join(root, 'server', 'tsconfig.json');
  // --liftoff-only: as scripts/test.mjs runs jest; a shop that lives a few seconds never gains from
  // V8's optimised code for the embedded database, and would wait for it as it exits.
  const child = spawn(
    process.execPath,
    ['--liftoff-only', '-r', '@swc-node/register', path.join(root, 'server', 'src', 'main.ts')],
    {
      cwd: root,
      env: childEnv,
    },
  );
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start within 90 s:\n${output}`)), 90_000);
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

/** SIGTERM, then the exit code. */
export function stopShop(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}
