/**
 * npm run admin:create -- --email you@example.com [--password '...']
 * Adds an admin (or sets a new password for an existing one). Without --password, one is
 * generated and printed. Uses DATABASE_URL, or the embedded database in DATA_DIR (stop the
 * running shop first: only one process may open it).
 */
import 'reflect-metadata';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { generatePassword } from '../admin/password';
import { MIN_PASSWORD_LENGTH } from '../common/password-length';
import { isEmailAddress } from '../common/email';
import { createLogger } from '../common/logger';
import { createServices } from '../composition';
import { loadConfig, loadDotEnv } from '../config';
import { openDatabase } from '../db/database';

async function run(): Promise<void> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' } },
  });
  loadDotEnv();
  const config = loadConfig();
  const email = values.email ?? config.adminEmail;
  if (!email) throw new Error('Usage: npm run admin:create -- --email you@example.com [--password secret]');
  const generated = !(values.password ?? config.adminPassword);
  const password = values.password ?? config.adminPassword ?? generatePassword();
  // Refused before the database is opened (and migrated).
  if (!isEmailAddress(email.trim().toLowerCase())) throw new Error(`Not an e-mail address: "${email}"`);
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new Error(`The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`);
  }

  const logger = createLogger('warn');
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    logger,
  });
  try {
    const { auth } = createServices(config, database.dataSource, logger);
    const { created } = await auth.upsertAdmin(email, password);
    process.stdout.write(`${created ? 'Created' : 'Updated the password of'} admin ${email.toLowerCase()}\n`);
    if (generated) process.stdout.write(`password: ${password}\n`);
  } finally {
    await database.close();
  }
}

run().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
