import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from '../common/logger';
import { preparedStatement } from '../common/prepared-statements';
import { openDatabase } from './database';

const SEVEN = preparedStatement('database_test_seven', 'SELECT $1::int + 6 AS seven');

const REOPENED = 'database set up; reopening it to release the memory the set-up used';

function recordingLogger(): Logger & { messages: string[] } {
  const messages: string[] = [];
  const record = (msg: string) => void messages.push(msg);
  return { messages, debug: record, info: record, warn: record, error: record };
}

describe('the embedded database in a folder', () => {
  let dir: string;
  beforeEach(() => {
    dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'storybook-db-')), 'pglite');
  });
  afterEach(() => rmSync(path.dirname(dir), { recursive: true, force: true }));

  it('is set up by one instance and served by a fresh one, which keeps what the set-up wrote', async () => {
    const logger = recordingLogger();
    const database = await openDatabase({ pgliteDir: dir, logger });
    try {
      expect(logger.messages.filter((m) => m === REOPENED)).toHaveLength(1);
      // The set-up's migrations are there, and the served instance takes writes.
      const [{ count }] = await database.dataSource.query('SELECT count(*)::int AS count FROM migrations');
      expect(count).toBeGreaterThan(0);
      await database.dataSource.query(
        `INSERT INTO newsletter_subscribers (id, email) VALUES (gen_random_uuid(), 'kept@example.com')`,
      );
    } finally {
      await database.close();
    }

    // A later start finds nothing to set up: one instance, and the data is still there.
    const later = recordingLogger();
    const again = await openDatabase({ pgliteDir: dir, logger: later });
    try {
      expect(later.messages).not.toContain(REOPENED);
      expect(await again.dataSource.query(`SELECT email FROM newsletter_subscribers`)).toEqual([{ email: 'kept@example.com' }]);
    } finally {
      await again.close();
    }
  });

  it("replaces a connection the pool closed at once, and runs the shop's prepared statements on the new one", async () => {
    const database = await openDatabase({ pgliteDir: 'memory://', logger: recordingLogger() });
    try {
      const gone = database.dataSource.createQueryRunner();
      expect(await gone.query(SEVEN, [1])).toEqual([{ seven: 7 }]);
      // Released with an error, the connection is closed, not kept (as after a failure): the next
      // query connects again straight away, to the one session the last connection prepared in.
      await (gone as unknown as { releasePostgresConnection(error: Error): Promise<void> }).releasePostgresConnection(
        new Error('closed by the test'),
      );
      expect(await database.dataSource.query(SEVEN, [2])).toEqual([{ seven: 8 }]);
    } finally {
      await database.close();
    }
  });

  it('in memory is opened once: closing it would lose it', async () => {
    const logger = recordingLogger();
    const database = await openDatabase({ pgliteDir: 'memory://', logger });
    await database.close();
    expect(logger.messages).not.toContain(REOPENED);
  });
});
