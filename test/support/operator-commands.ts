/**
 * The operator's commands (`npm run admin:create`, `migrate`, `seed`, ...) run as a person at a
 * terminal runs them: through npm, in development with no .env, on a temporary DATA_DIR (empty, or
 * holding a migrated embedded database, see `shopEnv`) or, with DATABASE_URL set for the tests, a
 * fresh database of that PostgreSQL server. What they made is removed after the file's tests.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { copyMigratedDatabase } from './migrated-pglite';
import { createTestDatabase } from './test-server';

export const repoRoot = path.resolve(__dirname, '..', '..');

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

const baseUrl = process.env.DATABASE_URL;
const folders: string[] = [];
const drops: Array<() => Promise<void>> = [];

afterAll(async () => {
  await Promise.all(drops.splice(0).map((drop) => drop()));
  folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true }));
});

/** Which database the commands open: the heading of a test file. */
export const databaseName = baseUrl ? 'PostgreSQL (DATABASE_URL)' : 'the embedded database';

/** A temporary folder, removed after the file's tests. */
export function tempFolder(name: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `storybook-${name}-`));
  folders.push(dir);
  return dir;
}

/**
 * A data folder, and on PostgreSQL a fresh database: what one shop would open. `migrated`: for a
 * test whose subject is not the set-up, the embedded database is there already, as `npm run
 * migrate` leaves it (a fresh one's initdb and migrations take some 5 s of CPU; on PostgreSQL they
 * take well under one, and the database stays empty).
 */
export async function shopEnv(name = 'operator', { migrated = false } = {}): Promise<Record<string, string>> {
  const env: Record<string, string> = { DATA_DIR: tempFolder(name) };
  if (baseUrl) {
    const database = await createTestDatabase(baseUrl);
    drops.push(() => database.drop());
    env.DATABASE_URL = database.url;
  } else if (migrated) {
    await copyMigratedDatabase(env.DATA_DIR);
  }
  return env;
}

/** `command args` in `cwd`, in development with no .env, as a person at a terminal would. */
export function runCommand(command: string, args: string[], env: Record<string, string>, cwd = repoRoot): Promise<Run> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'development', ENV_FILE: 'none', LOG_LEVEL: 'info' };
  delete childEnv.DATABASE_URL;
  delete childEnv.NODE_OPTIONS;
  Object.assign(childEnv, env);
  const child = spawn(command, args, { cwd, env: childEnv });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

/** `npm run <args>`. */
export function npmRun(args: string[], env: Record<string, string>, cwd = repoRoot): Promise<Run> {
  return runCommand('npm', ['run', '--silent', ...args], env, cwd);
}
