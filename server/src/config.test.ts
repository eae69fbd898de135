import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, trustProxyFromEnv } from './config';

const dataDirs: string[] = [];
afterAll(() => dataDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const base = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'storybook-config-'));
  dataDirs.push(dir);
  return { DATA_DIR: dir, SESSION_SECRET: 's', MEDIA_SECRET: 'm' };
};

describe('loadConfig', () => {
  it('reads STAFF_EMAIL as trimmed, lower-cased, distinct addresses, none when unset, and refuses a bad one', () => {
    expect(loadConfig(base()).staffEmails).toEqual([]);
    expect(
      loadConfig({ ...base(), STAFF_EMAIL: ' Orders@Shop.example, ,studio@shop.example,orders@shop.example' }).staffEmails,
    ).toEqual(['orders@shop.example', 'studio@shop.example']);
    expect(() => loadConfig({ ...base(), STAFF_EMAIL: 'orders@shop.example, not-an-address' })).toThrow(
      'STAFF_EMAIL must list e-mail addresses separated by commas, got "not-an-address"',
    );
  });

  it('runs payments in the sandbox and keeps e-mail in the outbox by default', () => {
    const config = loadConfig(base());
    expect(config.stripe).toBeUndefined();
    expect(config.mailgun).toBeUndefined();
    expect(config.pixelId).toBeUndefined();
  });

  it('refuses to start in production without Stripe: the sandbox never takes real orders', () => {
    expect(() => loadConfig({ ...base(), NODE_ENV: 'production' })).toThrow(
      /STRIPE_SECRET_KEY must be set when NODE_ENV=production/,
    );
  });

  it('refuses to start in production without its secrets', () => {
    const { SESSION_SECRET: _s, ...withoutSecret } = base();
    expect(() => loadConfig({ ...withoutSecret, NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(
      /SESSION_SECRET/,
    );
  });

  it('refuses to start in production without the public address e-mails link to', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_PUBLISHABLE_KEY: 'pk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    expect(() => loadConfig({ ...base(), ...stripe, NODE_ENV: 'production' })).toThrow(/PUBLIC_URL must be set/);
    const config = loadConfig({ ...base(), ...stripe, NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.com/' });
    expect(config.publicUrl).toBe('https://shop.example.com');
    expect(() => loadConfig({ ...base(), PUBLIC_URL: 'shop.example.com' })).toThrow();
  });

  it('reads the video limits, with defaults of 2 GB and 90 days', () => {
    expect(loadConfig(base())).toMatchObject({ videoMaxBytes: 2 * 1024 ** 3, videoLinkTtlMs: 90 * 86_400_000 });
    expect(loadConfig({ ...base(), VIDEO_MAX_BYTES: '1048576', VIDEO_LINK_TTL_DAYS: '7' })).toMatchObject({
      videoMaxBytes: 1048576,
      videoLinkTtlMs: 7 * 86_400_000,
    });
    expect(() => loadConfig({ ...base(), VIDEO_MAX_BYTES: '0' })).toThrow(/VIDEO_MAX_BYTES must be greater than 0/);
  });

  it('uses the bucket S3_BUCKET names, with path-style addressing for a custom endpoint', () => {
    expect(loadConfig(base()).s3).toBeUndefined();
    expect(loadConfig({ ...base(), S3_BUCKET: 'media', S3_ENDPOINT: 'http://minio:9000' }).s3).toMatchObject({
      bucket: 'media',
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: undefined,
    });
    expect(() => loadConfig({ ...base(), S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      /S3_SECRET_ACCESS_KEY must be set/,
    );
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

describe('TRUST_PROXY', () => {
  it('trusts a number of hops or listed proxies, never every hop', () => {
    expect(trustProxyFromEnv(undefined)).toBe(false);
    expect(trustProxyFromEnv('false')).toBe(false);
    expect(trustProxyFromEnv('true')).toBe(1);
    expect(trustProxyFromEnv('2')).toBe(2);
    expect(trustProxyFromEnv('10.0.0.0/8, 192.168.1.2 ,loopback')).toEqual(['10.0.0.0/8', '192.168.1.2', 'loopback']);
  });

  it('refuses a value that is neither', () => {
    expect(() => trustProxyFromEnv('proxy.example.com')).toThrow(/TRUST_PROXY must be a hop count or proxy addresses/);
  });
});
