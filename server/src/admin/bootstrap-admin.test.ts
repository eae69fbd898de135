import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from '../common/logger';
import type { AuthService } from './auth.service';
import { bootstrapAdmin, FIRST_ADMIN_FILE } from './bootstrap-admin';

function fakes() {
  const created: Array<{ email: string; password: string }> = [];
  const auth = {
    countAdmins: async () => created.length,
    upsertAdmin: async (email: string, password: string) => void created.push({ email, password }),
  } as unknown as AuthService;
  const logged: Array<{ msg: string; fields?: Record<string, unknown> }> = [];
  const log = (msg: string, fields?: Record<string, unknown>) => void logged.push({ msg, fields });
  const logger: Logger = { debug: log, info: log, warn: log, error: log };
  return { auth, logger, created, logged };
}

describe('the first admin on the embedded database', () => {
  let dataDir: string;
  let printed: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'storybook-bootstrap-'));
    printed = '';
    jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      printed += String(chunk);
      return true;
    });
  });
  afterEach(() => {
    jest.restoreAllMocks();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is logged once outside production, so a newcomer can sign in', async () => {
    const { auth, logger, created, logged } = fakes();
    await bootstrapAdmin(auth, { embedded: true, isProduction: false, dataDir }, logger);
    expect(created).toHaveLength(1);
    expect(logged).toEqual([
      {
        msg: expect.stringMatching(/admin account was created/),
        fields: { email: 'admin@example.com', password: created[0].password },
      },
    ]);
    expect(printed).toBe('');
  });

  it('never reaches the log in production: the password goes to a file only the owner can read', async () => {
    const { auth, logger, created, logged } = fakes();
    await bootstrapAdmin(auth, { embedded: true, isProduction: true, dataDir }, logger);
    const [{ password }] = created;
    const file = path.join(dataDir, FIRST_ADMIN_FILE);
    expect(readFileSync(file, 'utf8')).toBe(`e-mail:   admin@example.com\npassword: ${password}\n`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(printed).toBe('');
    expect(JSON.stringify(logged)).not.toContain(password);
    expect(logged).toEqual([{ msg: expect.stringMatching(/first admin created/), fields: { email: 'admin@example.com', file } }]);
  });
});
