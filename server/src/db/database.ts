/**
 * Opens the database the app runs on and brings it to the latest migration.
 *
 * With DATABASE_URL: that PostgreSQL server. Without: an embedded PGlite (real Postgres in
 * WASM) kept in `${dataDir}/pglite`, served in-process over the Postgres wire protocol on a
 * private unix socket, so both modes use the same `pg` driver and the same migrations.
 * PGlite runs one session at a time, hence a pool of one connection there.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import type { Logger } from '../common/logger';
import { createDataSource } from './data-source';
import { migrate } from './migrate';

export interface Database {
  dataSource: DataSource;
  mode: 'postgres' | 'pglite';
  close(): Promise<void>;
  /** The embedded database's files as one tarball (PGlite's dumpDataDir); PGlite only. */
  dump?(): Promise<Blob>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  /** Folder for the embedded database; `memory://` keeps it in memory (tests). */
  pgliteDir?: string;
  /**
   * An in-memory embedded database starts from these files (a `dump()` of one already
   * migrated) instead of a fresh cluster: it skips initdb, the slow part of starting PGlite.
   */
  pgliteSnapshot?: Blob;
  logger: Logger;
}

/**
 * PGlite's WebAssembly heap never shrinks, and Postgres's default 128 MB of shared buffers is
 * touched at start-up: 32 MB holds the dashboard's working set (the newest orders and the
 * indexes it reads) and keeps the idle process about 100 MB smaller; the rest comes from the
 * operating system's file cache.
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=32MB'];

/**
 * An in-memory database is gone when its process ends, so there is nothing for the write-ahead
 * log to protect: it writes the least it can (a tenth less work per query in the API tests).
 */
const IN_MEMORY_SETTINGS = [
  ...['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
  ...['-c', 'wal_level=minimal', '-c', 'max_wal_senders=0'],
];

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    await migrate({ url: options.databaseUrl }, options.logger);
    const dataSource = createDataSource({ url: options.databaseUrl, logger: options.logger });
    await dataSource.initialize();
    options.logger.info('database ready', { mode: 'postgres' });
    return { dataSource, mode: 'postgres', close: () => dataSource.destroy() };
  }
  const dir = options.pgliteDir ?? 'memory://';
  const database = await openEmbedded(dir, options.logger, options.pgliteSnapshot);
  if (dir.startsWith('memory://') || !database.changedSchema) return database;
  // Creating the cluster and migrating it grow PGlite's WebAssembly heap by several hundred MB,
  // and that heap never shrinks: the shop would idle at about 780 MiB until its next start. The
  // files are on disk, so the setup's instance is closed and a fresh one opens them.
  await database.close();
  options.logger.info('database set up; reopening it to release the memory the set-up used');
  return openEmbedded(dir, options.logger);
}

async function openEmbedded(
  dir: string,
  logger: Logger,
  snapshot?: Blob,
): Promise<Database & { /** initdb ran, or at least one migration. */ changedSchema: boolean }> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');

  const inMemory = dir.startsWith('memory://');
  const releaseLock = inMemory ? () => undefined : lockDataDir(dir);
  const socketDir = mkdtempSync(path.join(os.tmpdir(), 'storybook-pg-'));
  let pglite: InstanceType<typeof PGlite> | undefined;
  let server: InstanceType<typeof PGLiteSocketServer> | undefined;
  try {
    if (!inMemory) mkdirSync(dir, { recursive: true });
    const fresh = inMemory ? !snapshot : !existsSync(path.join(dir, 'PG_VERSION'));
    // pg_trgm: the trigram indexes behind the dashboard's search (a contrib extension PGlite ships).
    pglite = await PGlite.create(inMemory ? undefined : dir, {
      extensions: { pg_trgm },
      startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS, ...(inMemory ? IN_MEMORY_SETTINGS : [])],
      ...(inMemory && snapshot ? { loadDataDir: snapshot } : {}),
    });
    // pg connects to a unix socket as `${host}/.s.PGSQL.${port}`. Two connections: the pool's one,
    // and the one that replaces it when it closes (the server lets a closed connection go a moment
    // later, and would turn the new one away meanwhile). Nothing else connects: the server keeps
    // connections apart only inside a transaction, and all of them share its one session.
    server = new PGLiteSocketServer({ db: pglite, path: path.join(socketDir, '.s.PGSQL.5432'), maxConnections: 2 });
    await server.start();
    const dataSource = createDataSource({ host: socketDir, port: 5432, poolSize: 1, embedded: true, logger });
    await dataSource.initialize();
    const ran = await dataSource.runMigrations({ transaction: 'each' });
    logger.info('database ready', { mode: 'pglite', dir: inMemory ? 'memory' : dir });
    const [db, socket] = [pglite, server];
    return {
      dataSource,
      mode: 'pglite',
      changedSchema: fresh || ran.length > 0,
      dump: () => db.dumpDataDir('none'),
      async close() {
        await dataSource.destroy();
        await socket.stop();
        await db.close();
        rmSync(socketDir, { recursive: true, force: true });
        releaseLock();
      },
    };
  } catch (error) {
    await server?.stop().catch(() => undefined);
    await pglite?.close().catch(() => undefined);
    rmSync(socketDir, { recursive: true, force: true });
    releaseLock();
    throw error;
  }
}

/** Only one process may open a PGlite folder; a second one would corrupt it. */
function lockDataDir(dir: string): () => void {
  const lockFile = `${dir}.lock`;
  mkdirSync(path.dirname(lockFile), { recursive: true });
  try {
    writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
  } catch {
    // An empty lock file is one another process has just created and not yet written: it is held.
    const content = readFileSync(lockFile, 'utf8');
    const holder = Number(content);
    if (content === '' || (holder && holder !== process.pid && isAlive(holder))) {
      throw new Error(
        `The embedded database in ${dir} is already open in process ${holder || 'starting now'}. ` +
          'Stop that process, or start this one with another DATA_DIR or a DATABASE_URL.',
      );
    }
    writeFileSync(lockFile, String(process.pid)); // a stale lock from a process that died
  }
  return () => rmSync(lockFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
