/** The start-up check of the payment provider's credentials, against the local fake of Stripe. */
import { type FakeStripe, startFakeStripe } from '../../../test/support/fake-stripe';
import { checkPaymentAccount } from './account-check';
import { StripeProvider } from './stripe/stripe.provider';

let fake: FakeStripe;
beforeEach(async () => {
  fake = await startFakeStripe({ secretKey: 'sk_test_account_check' });
});
afterEach(() => fake.close());

const providerWith = (secretKey: string) =>
  new StripeProvider({
    secretKey,
    publishableKey: 'pk_test_account_check',
    webhookSecret: 'whsec_account_check',
    host: fake.host,
    port: fake.port,
    protocol: fake.protocol,
  });

function recorder() {
  const lines: { level: string; msg: string; fields?: Record<string, unknown> }[] = [];
  const log = (level: string) => (msg: string, fields?: Record<string, unknown>) => lines.push({ level, msg, fields });
  return { lines, logger: { info: log('info'), warn: log('warn'), error: log('error') } };
}

describe('checkPaymentAccount', () => {
  it('logs an error naming the setting when Stripe refuses the key (401), without the key itself', async () => {
    const { lines, logger } = recorder();
    await expect(checkPaymentAccount(providerWith('sk_test_wrong_account'), logger)).resolves.toBe('refused');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'error', fields: { provider: 'stripe', code: 'authentication' } });
    expect(String(lines[0].fields!.detail)).toMatch(/^Stripe refused STRIPE_SECRET_KEY \(401/);
    expect(JSON.stringify(lines)).not.toContain('sk_test_wrong_account');
  });

  it('says the key was accepted, and only warns when Stripe cannot be reached', async () => {
    const { lines, logger } = recorder();
    await expect(checkPaymentAccount(providerWith('sk_test_account_check'), logger)).resolves.toBe('ok');
    await fake.close();
    const unreachable = providerWith('sk_test_account_check');
    await expect(checkPaymentAccount(unreachable, logger)).resolves.toBe('unreachable');
    expect(lines.map((line) => line.level)).toEqual(['info', 'warn']);
    fake = await startFakeStripe();
  });

  it('has nothing to check for a provider without credentials (the sandbox)', async () => {
    const { lines, logger } = recorder();
    await expect(checkPaymentAccount({ name: 'sandbox' }, logger)).resolves.toBe('skipped');
    expect(lines).toEqual([]);
  });
});
