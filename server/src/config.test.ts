import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeFileSync } from 'node:fs';
import { ConfigError, loadConfig, loadDotEnv, trustProxyFromEnv } from './config';

const dataDirs: string[] = [];
afterAll(() => dataDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const base = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'storybook-config-'));
  dataDirs.push(dir);
  return { DATA_DIR: dir, SESSION_SECRET: 's', MEDIA_SECRET: 'm' };
};

/** A production environment that passes every check; each test breaks one thing. */
const production = () => ({
  ...base(),
  NODE_ENV: 'production',
  SESSION_SECRET: 'a'.repeat(64),
  MEDIA_SECRET: 'b'.repeat(64),
  DATABASE_URL: 'postgres://shop@db/shop',
  PUBLIC_URL: 'https://shop.example.com',
  STRIPE_SECRET_KEY: 'sk_live_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  MAILGUN_API_KEY: 'key-x',
  MAILGUN_DOMAIN: 'mg.example.com',
  SHOP_ADDRESS: '12 Story Lane | Portland, OR 97201',
});

/** The same without a mail provider: allowed, with a warning. */
const productionWithoutMail = () => {
  const { MAILGUN_API_KEY: _key, MAILGUN_DOMAIN: _domain, ...env } = production();
  return env;
};

describe('loadConfig', () => {
  it('makes the secrets once in the data folder, written whole with nothing left beside them, and keeps them', () => {
    const { DATA_DIR } = base();
    const first = loadConfig({ DATA_DIR });
    expect(first.sessionSecret).not.toBe(first.mediaSecret);
    expect(readdirSync(DATA_DIR)).toEqual(['secrets.json']);
    expect(JSON.parse(readFileSync(path.join(DATA_DIR, 'secrets.json'), 'utf8'))).toEqual({
      SESSION_SECRET: first.sessionSecret,
      MEDIA_SECRET: first.mediaSecret,
    });
    expect(loadConfig({ DATA_DIR })).toMatchObject({ sessionSecret: first.sessionSecret, mediaSecret: first.mediaSecret });
  });

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
    const { PUBLIC_URL: _url, ...withoutUrl } = production();
    expect(() => loadConfig(withoutUrl)).toThrow(/PUBLIC_URL must be set/);
    const config = loadConfig({ ...withoutUrl, PUBLIC_URL: 'https://shop.example.com/' });
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

  it('sends videos straight to AWS S3, and to a self-hosted store only at the address browsers reach it by', () => {
    const s3 = (env: Record<string, string>) => loadConfig({ ...base(), S3_BUCKET: 'media', ...env }).s3;
    expect(s3({})).toMatchObject({ directUploads: true, uploadEndpoint: undefined });
    // The shop reaches the store by its container's name, which an admin's browser cannot.
    expect(s3({ S3_ENDPOINT: 'http://minio:9000' })).toMatchObject({ directUploads: false });
    expect(s3({ S3_ENDPOINT: 'http://minio:9000', S3_UPLOAD_ENDPOINT: 'https://files.example.com' })).toMatchObject({
      directUploads: true,
      endpoint: 'http://minio:9000',
      uploadEndpoint: 'https://files.example.com',
    });
    expect(s3({ S3_ENDPOINT: 'http://localhost:7070', S3_DIRECT_UPLOADS: 'true' })).toMatchObject({
      directUploads: true,
      uploadEndpoint: 'http://localhost:7070',
    });
    expect(s3({ S3_DIRECT_UPLOADS: 'false' })).toMatchObject({ directUploads: false });
    expect(() => s3({ S3_UPLOAD_ENDPOINT: 'files.example.com' })).toThrow(
      /S3_UPLOAD_ENDPOINT must be an absolute http\(s\) address/,
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

  it('warns of half-configured Stripe, Mailgun and S3 and says which stand-in runs', () => {
    const config = loadConfig({
      ...base(),
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      MAILGUN_DOMAIN: 'mg.example.com',
      S3_ACCESS_KEY_ID: 'k',
    });
    expect(config).toMatchObject({ stripe: undefined, mailgun: undefined, s3: undefined });
    expect(config.warnings).toEqual([
      'STRIPE_PUBLISHABLE_KEY set without STRIPE_SECRET_KEY: payments run in the sandbox, not on Stripe',
      'MAILGUN_DOMAIN set without MAILGUN_API_KEY: e-mails stay in the outbox and none is sent',
      'S3_ACCESS_KEY_ID set without S3_BUCKET: files are kept on local disk in DATA_DIR/files',
    ]);
    expect(loadConfig(base()).warnings).toEqual([]);
  });

  it('refuses one key for both SESSION_SECRET and MEDIA_SECRET, in every mode', () => {
    const same = 'c'.repeat(64);
    for (const env of [base(), production()]) {
      expect(problemsOf({ ...env, SESSION_SECRET: same, MEDIA_SECRET: same })).toContain(
        'SESSION_SECRET and MEDIA_SECRET must differ: generate each with openssl rand -hex 32',
      );
    }
    expect(problemsOf({ ...production(), SESSION_SECRET: same, MEDIA_SECRET: `${same}d` })).toEqual([]);
  });

  it('refuses a first admin it could not create (a short ADMIN_PASSWORD, a bad ADMIN_EMAIL) before anything is opened', () => {
    expect(problemsOf({ ...base(), ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'elevenchars' })).toEqual([
      'ADMIN_PASSWORD must be at least 12 characters long, got 11',
    ]);
    expect(problemsOf({ ...base(), ADMIN_EMAIL: 'owner', ADMIN_PASSWORD: 'twelve chars' })).toEqual([
      'ADMIN_EMAIL must be an e-mail address, got "owner"',
    ]);
    expect(loadConfig({ ...base(), ADMIN_EMAIL: ' Owner@Example.com', ADMIN_PASSWORD: 'twelve chars' })).toMatchObject({
      adminPassword: 'twelve chars',
    });
  });

  it('wants a Mailgun domain with a Mailgun key', () => {
    expect(() => loadConfig({ ...base(), MAILGUN_API_KEY: 'key' })).toThrow(/MAILGUN_DOMAIN must be set/);
  });

  it('prints by hand unless PRINT_PROVIDER=lulu, and then wants Lulu whole: key, secret and a product it knows', () => {
    expect(loadConfig(base()).lulu).toBeUndefined();
    const lulu = {
      PRINT_PROVIDER: 'lulu',
      LULU_CLIENT_KEY: 'key',
      LULU_CLIENT_SECRET: 'secret',
      LULU_POD_PACKAGE_ID: '0850X0850FCPRECW080CW444GXX',
      LULU_PHONE_NUMBER: '+1 503 555 0100',
    };
    expect(loadConfig({ ...base(), ...lulu }).lulu).toEqual({
      clientKey: 'key',
      clientSecret: 'secret',
      apiUrl: 'https://api.sandbox.lulu.com',
      podPackageId: '0850X0850FCPRECW080CW444GXX',
      shippingLevel: 'PRIORITY_MAIL',
      phoneNumber: '+1 503 555 0100',
    });
    expect(problemsOf({ ...base(), PRINT_PROVIDER: 'lulu', LULU_CLIENT_KEY: 'key' })).toEqual([
      'LULU_CLIENT_SECRET must be set when PRINT_PROVIDER=lulu',
      'LULU_POD_PACKAGE_ID must be set when PRINT_PROVIDER=lulu',
      'LULU_PHONE_NUMBER must be set when PRINT_PROVIDER=lulu',
    ]);
    expect(problemsOf({ ...base(), ...lulu, LULU_PHONE_NUMBER: 'call me' })[0]).toMatch(
      /^LULU_PHONE_NUMBER must be a phone number Lulu takes/,
    );
    expect(problemsOf({ ...base(), LULU_CLIENT_KEY: 'key', LULU_CLIENT_SECRET: 'secret' })).toEqual([
      'LULU_CLIENT_KEY and LULU_CLIENT_SECRET set without PRINT_PROVIDER=lulu: printed books would not go to Lulu',
    ]);
    expect(problemsOf({ ...base(), ...lulu, LULU_POD_PACKAGE_ID: '0850X0850' })[0]).toMatch(
      /^LULU_POD_PACKAGE_ID must be a Lulu pod_package_id/,
    );
    expect(problemsOf({ ...base(), ...lulu, LULU_SHIPPING_LEVEL: 'CARRIER_PIGEON' })[0]).toMatch(
      /^LULU_SHIPPING_LEVEL must be one of MAIL/,
    );
    expect(problemsOf({ ...base(), PRINT_PROVIDER: 'printer' })[0]).toMatch(/^PRINT_PROVIDER must be one of manual, lulu/);
    expect(problemsOf({ ...production(), ...lulu })).toEqual([
      'LULU_API_URL must be set when NODE_ENV=production and PRINT_PROVIDER=lulu: https://api.lulu.com (or https://api.sandbox.lulu.com to try it)',
    ]);
  });

  it("names the shop on receipts: SHOP_NAME (Storybook Shop by default) and SHOP_ADDRESS's lines, split at |", () => {
    expect(loadConfig(base()).shop).toEqual({ name: 'Storybook Shop', addressLines: [] });
    expect(
      loadConfig({ ...base(), SHOP_NAME: 'Tiny Tales', SHOP_ADDRESS: ' 12 Story Lane |Portland, OR 97201 | ' }).shop,
    ).toEqual({
      name: 'Tiny Tales',
      addressLines: ['12 Story Lane', 'Portland, OR 97201'],
    });
  });

  it('refuses an unknown log level', () => {
    expect(() => loadConfig({ ...base(), LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL must be one of/);
  });
});

/** The problems loadConfig lists for `env`, or [] when it starts. */
function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('loadConfig in production', () => {
  it('starts with everything set, and warns of nothing', () => {
    expect(loadConfig(production())).toMatchObject({ isProduction: true, warnings: [] });
  });

  it('lists every problem at once, one line each', () => {
    let error: unknown;
    const { MEDIA_SECRET: _media, ...withoutMediaSecret } = base();
    try {
      loadConfig({
        ...withoutMediaSecret,
        NODE_ENV: 'production',
        SESSION_SECRET: 'a',
        PORT: 'eighty',
        LOG_LEVEL: 'loud',
        MAILGUN_DOMAIN: 'mg.example.com',
        S3_ENDPOINT: 'http://minio:9000',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { problems, message } = error as ConfigError;
    expect(problems).toEqual([
      'PORT must be a non-negative integer, got "eighty"',
      expect.stringMatching(/^LOG_LEVEL must be one of/),
      expect.stringMatching(/^SESSION_SECRET must be at least 32 bytes when NODE_ENV=production, got 1/),
      expect.stringMatching(/^MEDIA_SECRET must be set when NODE_ENV=production/),
      expect.stringMatching(/^DATABASE_URL must be set when NODE_ENV=production/),
      expect.stringMatching(/^PUBLIC_URL must be set/),
      expect.stringMatching(/^STRIPE_SECRET_KEY must be set when NODE_ENV=production/),
      expect.stringMatching(/^MAILGUN_DOMAIN set without MAILGUN_API_KEY/),
      expect.stringMatching(/^S3_ENDPOINT set without S3_BUCKET/),
    ]);
    expect(message.split('\n')).toHaveLength(problems.length + 1);
    expect(message).toMatch(/^The configuration has 9 problems:\n {2}- PORT must be/);
  });

  it('wants secrets of at least 32 bytes, and never echoes them', () => {
    const problems = problemsOf({ ...production(), SESSION_SECRET: 'a', MEDIA_SECRET: 'x'.repeat(31) });
    expect(problems).toEqual([
      'SESSION_SECRET must be at least 32 bytes when NODE_ENV=production, got 1 (openssl rand -hex 32)',
      'MEDIA_SECRET must be at least 32 bytes when NODE_ENV=production, got 31 (openssl rand -hex 32)',
    ]);
    expect(problemsOf({ ...production(), SESSION_SECRET: 'x'.repeat(32) })).toEqual([]);
    // Outside production a short secret is fine: tests and development use made-up ones.
    expect(loadConfig({ ...base(), SESSION_SECRET: 'a' }).sessionSecret).toBe('a');
  });

  it('refuses the embedded database unless ALLOW_EMBEDDED_DB=true', () => {
    const { DATABASE_URL: _url, ...embedded } = production();
    expect(problemsOf(embedded)).toEqual([expect.stringMatching(/^DATABASE_URL must be set when NODE_ENV=production/)]);
    expect(problemsOf({ ...embedded, ALLOW_EMBEDDED_DB: '1' })).toHaveLength(1);
    expect(loadConfig({ ...embedded, ALLOW_EMBEDDED_DB: 'true' })).toMatchObject({
      databaseUrl: undefined,
      allowEmbeddedDb: true,
    });
  });

  it('refuses a PUBLIC_URL on the server itself', () => {
    for (const local of ['http://localhost:4000', 'http://127.0.0.1', 'https://[::1]:8443', 'http://shop.localhost']) {
      expect(problemsOf({ ...production(), PUBLIC_URL: local })).toEqual([
        expect.stringMatching(/^PUBLIC_URL must be the address parents reach the shop at when NODE_ENV=production, not /),
      ]);
    }
    expect(problemsOf({ ...production(), PUBLIC_URL: 'localhost:4000' })).toEqual([
      expect.stringMatching(/^PUBLIC_URL must be an absolute http\(s\) address/),
    ]);
    // Outside production, localhost is where the shop is.
    expect(loadConfig({ ...base(), PUBLIC_URL: 'http://localhost:4000' }).publicUrl).toBe('http://localhost:4000');
  });

  it('warns loudly that production without a mail provider sends no e-mail', () => {
    expect(loadConfig(productionWithoutMail())).toMatchObject({
      mailgun: undefined,
      warnings: [expect.stringMatching(/^NO E-MAIL IS SENT: MAILGUN_API_KEY and MAILGUN_DOMAIN are not set/)],
    });
    // Outside production the outbox and the log are where a developer reads e-mails.
    expect(loadConfig(base()).warnings).toEqual([]);
  });

  it('warns that a plain-http PUBLIC_URL leaves the admin portal unusable and the traffic unencrypted', () => {
    expect(loadConfig({ ...production(), PUBLIC_URL: 'http://shop.example.com' }).warnings).toEqual([
      expect.stringMatching(/^PUBLIC_URL is plain http: no admin can sign in .* set PUBLIC_URL to its https:\/\/ address$/),
    ]);
    expect(loadConfig({ ...base(), PUBLIC_URL: 'http://shop.example.com' }).warnings).toEqual([]);
  });

  it('refuses half-configured Stripe, Mailgun and S3 rather than falling back to the sandbox, outbox or disk', () => {
    const { STRIPE_SECRET_KEY: _sk, ...withoutSecretKey } = production();
    expect(problemsOf(withoutSecretKey)).toEqual([expect.stringMatching(/^STRIPE_SECRET_KEY must be set/)]);
    expect(problemsOf({ ...productionWithoutMail(), MAILGUN_DOMAIN: 'mg.example.com' })).toEqual([
      'MAILGUN_DOMAIN set without MAILGUN_API_KEY: e-mails stay in the outbox and none is sent',
    ]);
    expect(problemsOf({ ...productionWithoutMail(), MAILGUN_API_KEY: 'key' })).toEqual([
      'MAILGUN_DOMAIN must be set when MAILGUN_API_KEY is set',
    ]);
    expect(problemsOf({ ...production(), S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' })).toEqual([
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY set without S3_BUCKET: files are kept on local disk in DATA_DIR/files',
    ]);
    expect(problemsOf({ ...production(), S3_BUCKET: 'media', S3_SECRET_ACCESS_KEY: 's' })).toEqual([
      'S3_ACCESS_KEY_ID must be set when S3_SECRET_ACCESS_KEY is set',
    ]);
  });

  it("takes PayPal whole or not at all, on PayPal's own API in production, with or without Stripe", () => {
    const paypal = {
      PAYPAL_CLIENT_ID: 'client',
      PAYPAL_CLIENT_SECRET: 'secret',
      PAYPAL_WEBHOOK_ID: 'WH123',
      PAYPAL_API_URL: 'https://api-m.paypal.com',
    };
    const { STRIPE_SECRET_KEY: _sk, STRIPE_PUBLISHABLE_KEY: _pk, STRIPE_WEBHOOK_SECRET: _wh, ...withoutStripe } = production();
    expect(loadConfig({ ...production(), ...paypal }).paypal).toEqual({
      clientId: 'client',
      clientSecret: 'secret',
      webhookId: 'WH123',
      apiUrl: 'https://api-m.paypal.com',
    });
    // Beside the card form, not instead of it.
    expect(problemsOf({ ...withoutStripe, ...paypal })).toEqual([expect.stringMatching(/^STRIPE_SECRET_KEY must be set/)]);
    const { PAYPAL_WEBHOOK_ID: _id, ...withoutWebhook } = paypal;
    expect(problemsOf({ ...production(), ...withoutWebhook })).toEqual([
      'PAYPAL_WEBHOOK_ID must be set when PAYPAL_CLIENT_ID is set',
    ]);
    const { PAYPAL_CLIENT_ID: _client, ...withoutClient } = paypal;
    expect(problemsOf({ ...production(), ...withoutClient })).toEqual([
      'PAYPAL_CLIENT_SECRET and PAYPAL_WEBHOOK_ID and PAYPAL_API_URL set without PAYPAL_CLIENT_ID: no PayPal buttons are shown',
    ]);
    expect(problemsOf({ ...production(), ...paypal, PAYPAL_API_URL: 'http://127.0.0.1:9999' })).toEqual([
      expect.stringMatching(
        /^PAYPAL_API_URL must be https:\/\/api-m\.paypal\.com \(or https:\/\/api-m\.sandbox\.paypal\.com to try it\)/,
      ),
    ]);
    // Outside production a fake may stand in for PayPal, and half a configuration is only a warning.
    expect(loadConfig({ ...base(), ...paypal, PAYPAL_API_URL: 'http://127.0.0.1:9999' }).paypal?.apiUrl).toBe(
      'http://127.0.0.1:9999',
    );
    expect(loadConfig({ ...base(), ...withoutClient }).warnings).toEqual([
      'PAYPAL_CLIENT_SECRET and PAYPAL_WEBHOOK_ID and PAYPAL_API_URL set without PAYPAL_CLIENT_ID: no PayPal buttons are shown',
    ]);
  });

  it('takes empty variables as unset, as compose passes them', () => {
    expect(
      loadConfig({ ...production(), MAILGUN_API_KEY: '', MAILGUN_DOMAIN: '', S3_ENDPOINT: '', MAIL_FROM: '' }),
    ).toMatchObject({
      mailgun: undefined,
      s3: undefined,
      mailFrom: 'Storybook Shop <orders@localhost>',
    });
  });

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

describe('the development .env file', () => {
  const envFile = (content: string) => {
    const file = path.join(base().DATA_DIR, '.env');
    writeFileSync(file, content);
    return file;
  };

  it('fills in what the environment leaves unset; the environment wins', () => {
    const file = envFile('PUBLIC_URL=http://from-file.test\nMETA_PIXEL_ID=123\n');
    const env: NodeJS.ProcessEnv = { ENV_FILE: file, PUBLIC_URL: 'http://from-env.test' };
    expect(loadDotEnv(env)).toBe(file);
    expect(env).toMatchObject({ PUBLIC_URL: 'http://from-env.test', META_PIXEL_ID: '123' });
  });

  it('is not read in production, in tests, or with ENV_FILE=none', () => {
    const file = envFile('META_PIXEL_ID=123\n');
    for (const env of [
      { ENV_FILE: file, NODE_ENV: 'production' },
      { ENV_FILE: file, NODE_ENV: 'test' },
      { ENV_FILE: 'none' },
    ] as NodeJS.ProcessEnv[]) {
      expect(loadDotEnv(env)).toBeUndefined();
      expect(env.META_PIXEL_ID).toBeUndefined();
    }
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
