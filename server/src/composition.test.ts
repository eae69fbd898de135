import { LuluPartner } from './printing/lulu/lulu.partner';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { createLogger } from './common/logger';
import { createProviders, createServices, describeProviders } from './composition';
import { loadConfig } from './config';
import { MailgunMailer } from './mail/mailgun.mailer';
import { LocalStorage } from './media/local-storage';
import { S3Storage } from './media/s3-storage';
import { SandboxProvider } from './payments/sandbox/sandbox.provider';
import { StripeProvider } from './payments/stripe/stripe.provider';

const dataDirs: string[] = [];
afterAll(() => dataDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function configWith(env: Record<string, string> = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'storybook-composition-'));
  dataDirs.push(dir);
  return loadConfig({ DATA_DIR: dir, SESSION_SECRET: 's', MEDIA_SECRET: 'm', ...env });
}

// Nothing here touches the database: services only keep the data source until a request uses it.
const dataSource = new DataSource({ type: 'postgres' });
const logger = createLogger('silent');

const root = path.join(__dirname, '..', '..');

/** Stripe, S3 and Mailgun configured (made-up credentials: nothing here calls them). */
const PROVIDERS_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  S3_BUCKET: 'storybooks',
  MAILGUN_API_KEY: 'key-x',
  MAILGUN_DOMAIN: 'mg.example.com',
};

/**
 * The provider SDKs (Stripe's, Mailgun's, AWS's) loaded in a fresh process once it has composed
 * the shop from `env`; then, as the check's own control, once it has also loaded Stripe's.
 */
function sdksLoadedComposing(env: Record<string, string>): { composed: string[]; control: string[] } {
  const script = `
    require('reflect-metadata');
    const { DataSource } = require('typeorm');
    const { createServices } = require('./server/src/composition.ts');
    const { loadConfig } = require('./server/src/config.ts');
    const { createLogger } = require('./server/src/common/logger.ts');
    const SDKS = ['stripe', 'mailgun.js', '@aws-sdk'];
    const loaded = () => SDKS.filter((sdk) => Object.keys(require.cache).some((file) => file.includes('/node_modules/' + sdk + '/')));
    createServices(loadConfig(JSON.parse(process.argv[1])), new DataSource({ type: 'postgres' }), createLogger('silent'));
    const composed = loaded();
    require('stripe');
    process.stdout.write(JSON.stringify({ composed, control: loaded() }));`;
  const childEnv: NodeJS.ProcessEnv = { ...process.env, SWC_NODE_PROJECT: path.join(root, 'server', 'tsconfig.json') };
  delete childEnv.NODE_OPTIONS;
  const output = execFileSync(process.execPath, ['-r', '@swc-node/register', '-e', script, JSON.stringify(env)], {
    cwd: root,
    env: childEnv,
    encoding: 'utf8',
  });
  return JSON.parse(output) as { composed: string[]; control: string[] };
}

describe('the composition root', () => {
  it('runs on the sandbox, local disk and the outbox alone when nothing is configured', () => {
    const config = configWith();
    const providers = createProviders(config, dataSource, logger);
    expect(providers.payments.checkout).toBeInstanceOf(SandboxProvider);
    expect(providers.payments.all()).toHaveLength(1);
    expect(providers.storage).toBeInstanceOf(LocalStorage);
    expect(providers.storage.describe()).toContain(path.join(config.dataDir, 'files'));
    expect(providers.mailer).toBeNull();
    expect(providers.printer).toBeNull();

    const services = createServices(config, dataSource, logger, providers);
    expect(services.outboxWorker).toBeNull();
    expect(describeProviders(services)).toEqual({
      paymentProvider: 'sandbox',
      files: providers.storage.describe(),
      mailer: 'outbox only (no MAILGUN_API_KEY)',
      printer: 'manual',
    });
  });

  it('chooses Stripe, S3 and Mailgun from their settings, and a worker sends the outbox', () => {
    const config = configWith({
      ...PROVIDERS_ENV,
      PRINT_PROVIDER: 'lulu',
      LULU_PHONE_NUMBER: '+1 503 555 0100',
      LULU_CLIENT_KEY: 'lulu-key',
      LULU_CLIENT_SECRET: 'lulu-secret',
      LULU_POD_PACKAGE_ID: '0850X0850FCPRECW080CW444GXX',
    });
    const providers = createProviders(config, dataSource, logger);
    expect(providers.printer).toBeInstanceOf(LuluPartner);
    expect(providers.payments.checkout).toBeInstanceOf(StripeProvider);
    expect(providers.payments.get('stripe')).toBe(providers.payments.checkout);
    expect(providers.storage).toBeInstanceOf(S3Storage);
    expect(providers.mailer).toBeInstanceOf(MailgunMailer);

    const services = createServices(config, dataSource, logger, providers);
    expect(services.outboxWorker).not.toBeNull();
    expect(services.settings.emailSending).toBe(true);
    // A bucket on AWS itself: the admin portal sends videos straight to it.
    expect(services.settings.videoUploadsDirect).toBe(true);
    expect(services.payments.providers).toBe(providers.payments);
    expect(describeProviders(services)).toMatchObject({ paymentProvider: 'stripe', mailer: 'mailgun', printer: 'lulu' });
  });

  it('hands the shop-wide settings to the storefront from one place', () => {
    const services = createServices(configWith({ META_PIXEL_ID: '123', VIDEO_MAX_BYTES: '1000' }), dataSource, logger);
    expect(services.settings).toEqual({
      paymentProvider: 'sandbox',
      paymentProviders: ['sandbox'],
      paypal: null,
      pixelId: '123',
      videoMaxBytes: 1000,
      pdfMaxBytes: 200 * 1024 * 1024,
      videoUploadsDirect: false,
      emailSending: false,
    });
  });

  it("loads Stripe's, Mailgun's and AWS's SDKs only when the shop first talks to them, not when it starts", () => {
    const dataDir = configWith().dataDir;
    const base = { DATA_DIR: dataDir, SESSION_SECRET: 's', MEDIA_SECRET: 'm', ENV_FILE: 'none' };
    expect(sdksLoadedComposing(base)).toEqual({ composed: [], control: ['stripe'] });
    const configured = sdksLoadedComposing({ ...base, ...PROVIDERS_ENV });
    expect(configured).toEqual({ composed: [], control: ['stripe'] });
  }, 60_000);
});
