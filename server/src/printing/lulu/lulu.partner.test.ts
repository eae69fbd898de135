import { createHmac } from 'node:crypto';
import { decimalToCents, LuluPartner, luluJob } from './lulu.partner';
import { PrintWebhookRefused } from '../print-partner';

const partner = new LuluPartner({
  clientKey: 'key',
  clientSecret: 'secret',
  apiUrl: 'http://127.0.0.1:9',
  podPackageId: '0850X0850FCPRECW080CW444GXX',
  shippingLevel: 'MAIL',
  phoneNumber: '+1 503 555 0100',
});
const body = Buffer.from(JSON.stringify({ topic: 'PRINT_JOB_STATUS_CHANGED', data: { id: 4321, status: { name: 'SHIPPED' } } }));
const hmac = (secret: string) => createHmac('sha256', secret).update(body);

describe("Lulu's print partner", () => {
  it("reads Lulu's decimal strings as integer cents", () => {
    expect(decimalToCents('22.59')).toBe(2259);
    expect(decimalToCents('7')).toBe(700);
    expect(decimalToCents('0.999')).toBe(100);
    expect(decimalToCents('-1.00')).toBeNull();
    expect(decimalToCents(null)).toBeNull();
  });

  it("reads a shipped job's carrier and tracking from its line item's status messages", () => {
    const job = luluJob({
      id: 12,
      external_id: 'order-1',
      status: { name: 'SHIPPED', message: 'All line-items were shipped' },
      costs: { total_cost_incl_tax: '20.00', currency: 'USD' },
      line_items: [
        { status: { name: 'SHIPPED', messages: { tracking_id: 'T1', tracking_urls: ['https://t/1'], carrier_name: 'UPS' } } },
      ],
    });
    expect(job).toEqual({
      id: '12',
      externalId: 'order-1',
      status: 'SHIPPED',
      message: 'All line-items were shipped',
      costCents: 2000,
      currency: 'USD',
      carrier: 'UPS',
      trackingNumber: 'T1',
      trackingUrl: 'https://t/1',
    });
  });

  it('believes a webhook signed with the API secret (hex or base64) and names only its job', () => {
    expect(partner.verifyWebhook(body, { 'lulu-hmac-sha256': hmac('secret').digest('hex') })).toEqual({ jobId: '4321' });
    expect(partner.verifyWebhook(body, { 'lulu-hmac-sha256': hmac('secret').digest('base64') })).toEqual({ jobId: '4321' });
  });

  it('refuses a webhook without a signature, with another key, or altered after signing', () => {
    expect(() => partner.verifyWebhook(body, {})).toThrow(PrintWebhookRefused);
    expect(() => partner.verifyWebhook(body, { 'lulu-hmac-sha256': hmac('other').digest('hex') })).toThrow(PrintWebhookRefused);
    const altered = Buffer.from(body.toString().replace('4321', '4322'));
    expect(() => partner.verifyWebhook(altered, { 'lulu-hmac-sha256': hmac('secret').digest('hex') })).toThrow(
      PrintWebhookRefused,
    );
  });

  it('ignores a signed webhook of another topic', () => {
    const other = Buffer.from(JSON.stringify({ topic: 'SOMETHING_ELSE', data: {} }));
    const signature = createHmac('sha256', 'secret').update(other).digest('hex');
    expect(partner.verifyWebhook(other, { 'lulu-hmac-sha256': signature })).toEqual({ ignore: 'topic SOMETHING_ELSE' });
  });
});
