import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from '../common/logger';
import type { AuthService } from './auth.service';
import { generatePassword } from './password';

/** Where a production instance on the embedded database leaves the generated credentials. */
export const FIRST_ADMIN_FILE = 'first-admin-credentials.txt';

/**
 * On a database with no admin yet: create one from ADMIN_EMAIL/ADMIN_PASSWORD, or, in the
 * embedded mode, make one up so a newcomer can sign in straight away. Outside production it is
 * printed once; in production (ALLOW_EMBEDDED_DB) a password never reaches the log: it goes to
 * a file only the shop's user can read, and the log says where.
 */
export async function bootstrapAdmin(
  auth: AuthService,
  options: { email?: string; password?: string; embedded: boolean; isProduction?: boolean; dataDir?: string },
  logger: Logger,
): Promise<void> {
  if ((await auth.countAdmins()) > 0) return;
  if (options.email && options.password) {
    await auth.upsertAdmin(options.email, options.password);
    logger.info('first admin created from ADMIN_EMAIL', { email: options.email });
    return;
  }
  if (!options.embedded) {
    logger.warn('no admin exists yet: run `npm run admin:create` or set ADMIN_EMAIL and ADMIN_PASSWORD');
    return;
  }
  const email = options.email ?? 'admin@example.com';
  const password = generatePassword();
  if (options.isProduction) {
    if (!options.dataDir) throw new Error('bootstrapAdmin needs the data folder in production');
    const file = path.join(options.dataDir, FIRST_ADMIN_FILE);
    mkdirSync(options.dataDir, { recursive: true });
    writeFileSync(file, `e-mail:   ${email}\npassword: ${password}\n`, { mode: 0o600 });
    chmodSync(file, 0o600); // an older file keeps its mode otherwise
    await auth.upsertAdmin(email, password);
    logger.warn('first admin created: its password is in the file, readable by this user only; delete it once read', {
      email,
      file,
    });
    return;
  }
  await auth.upsertAdmin(email, password);
  logger.info(
    'An admin account was created for this embedded database: sign in to the admin portal at /admin with this e-mail and password. ' +
      'This is shown once; `npm run admin:create` sets a new password.',
    { email, password },
  );
}
