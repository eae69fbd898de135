import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from './config';

const dataDirs: string[] = [];
afterAll(() => dataDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const base = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'storybook-config-'));
  dataDirs.push(dir);
  return { DATA_DIR: dir, SESSION_SECRET: 's', MEDIA_SECRET: 'm' };
};

describe('loadConfig', () => {
  it('runs payments in the sandbox and keeps e-mail in the outbox by default', () => {
    const config = loadConfig(base());
    expect(config.stripe).toBeUndefined();
    expect(config.mailgun).toBeUndefined();
    expect(config.pixelId).toBeUndefined();
  });

  it('refuses to start in production without Stripe: the sandbox never takes real orders', () => {
    expect(() => loadConfig({ ...base(), NODE_ENV: 'production' })).toThrow(/STRIPE_SECRET_KEY must be set when NODE_ENV=production/);
  });

  it('refuses to start in production without its secrets', () => {
    const { SESSION_SECRET: _s, ...withoutSecret } = base();
    expect(() => loadConfig({ ...withoutSecret, NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(/SESSION_SECRET/);
  });

  it('wants all three Stripe keys together', () => {
    expect(() => loadConfig({ ...base(), STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_PUBLISHABLE_KEY must be set/);
    const config = loadConfig({
      ...base(),
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    });
    expect(config.stripe).toMatchObject({ secretKey: 'sk_test_x', publishableKey: 'pk_test_x', webhookSecret: 'whsec_x' });
  });

  it('wants a Mailgun domain with a Mailgun key', () => {
    expect(() => loadConfig({ ...base(), MAILGUN_API_KEY: 'key' })).toThrow(/MAILGUN_DOMAIN must be set/);
  });

  it('refuses an unknown log level', () => {
    expect(() => loadConfig({ ...base(), LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL must be one of/);
  });
});

describe('loadConfig in production', () => {
  it('refuses a Stripe API override: production talks to Stripe only', () => {
    expect(() =>
      loadConfig({
        ...base(),
        NODE_ENV: 'production',
        STRIPE_SECRET_KEY: 'sk_live_x',
        STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        STRIPE_API_URL: 'http://127.0.0.1:1234',
      }),
    ).toThrow(/STRIPE_API_URL/);
  });
});
