import type { Logger } from '../common/logger';
import type { AuthService } from './auth.service';
import { generatePassword } from './password';

/**
 * On a database with no admin yet: create one from ADMIN_EMAIL/ADMIN_PASSWORD, or, in the
 * embedded mode, make one up and print it once so a newcomer can sign in straight away.
 */
export async function bootstrapAdmin(
  auth: AuthService,
  options: { email?: string; password?: string; embedded: boolean },
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
  await auth.upsertAdmin(email, password);
  const banner = [
    '',
    '  An admin account was created for this embedded database:',
    `    e-mail:   ${email}`,
    `    password: ${password}`,
    '  Sign in to the admin portal at /admin to manage orders and upload their videos.',
    '  This is shown once; `npm run admin:create` sets a new password.',
    '',
  ].join('\n');
  process.stdout.write(`${banner}\n`);
}
