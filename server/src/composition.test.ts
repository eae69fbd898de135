import { LuluPartner } from './printing/lulu/lulu.partner';
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
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      S3_BUCKET: 'storybooks',
      MAILGUN_API_KEY: 'key-x',
      MAILGUN_DOMAIN: 'mg.example.com',
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
      emailSending: false,
    });
  });
});
