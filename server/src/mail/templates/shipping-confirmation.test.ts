import {
  shippingConfirmationEmail,
  shippingConfirmationOutboxEmail,
  type ShippingConfirmationOrder,
} from './shipping-confirmation';

const order = (over: Partial<ShippingConfirmationOrder> = {}): ShippingConfirmationOrder => ({
  id: '3f2a9c1e-7b4d-4e8a-9c2f-1a2b3c4d5e6f',
  childName: 'Mia',
  email: 'parent@example.com',
  shippingCarrier: 'UPS',
  trackingNumber: '1Z999AA10123456784',
  shippingAddress: {
    fullName: 'Sam Parent',
    streetAddress: '12 Oak Street',
    city: 'Portland',
    state: 'OR',
    zipCode: '97201',
    country: 'United States',
  },
  ...over,
});
const options = { publicUrl: 'https://shop.example.com/', orderUrl: 'https://shop.example.com/order/tok-7' };

describe('the shipping confirmation e-mail', () => {
  it('gives the carrier, the number and the tracking link, in HTML and text', () => {
    const email = shippingConfirmationEmail(order(), options);
    const url = 'https://www.ups.com/track?loc=en_US&tracknum=1Z999AA10123456784';
    expect(email.subject).toBe("Mia's storybook has shipped");
    expect(email.text).toContain('Carrier: UPS');
    expect(email.text).toContain('Tracking number: 1Z999AA10123456784');
    expect(email.text).toContain(`Track your parcel: ${url}`);
    expect(email.html).toContain(`href="${url.replace('&', '&amp;')}"`);
    expect(email.text).toContain('12 Oak Street');
    expect(email.text).toContain('https://shop.example.com/order/tok-7');
    expect(email.html).toContain('href="https://shop.example.com/order/tok-7"');
  });

  it('gives only the number for a carrier without a known tracking page', () => {
    const email = shippingConfirmationEmail(order({ shippingCarrier: 'Local Courier', trackingNumber: 'LC-42' }), options);
    expect(email.text).toContain('Tracking number: LC-42');
    expect(email.text).not.toContain('Track your parcel');
    expect(email.html).not.toContain('<a href="https://www');
  });

  it('escapes what the parent and the admin typed, and keeps the subject on one line', () => {
    const email = shippingConfirmationEmail(
      order({
        childName: '<b>Mia</b>\r\nBcc: x@example.com',
        shippingCarrier: '<i>Courier</i>',
        shippingAddress: { ...order().shippingAddress!, streetAddress: '<script>alert(1)</script>' },
      }),
      options,
    );
    expect(email.html).not.toContain('<b>Mia</b>');
    expect(email.html).toContain('&lt;b&gt;Mia&lt;/b&gt;');
    expect(email.html).toContain('&lt;i&gt;Courier&lt;/i&gt;');
    expect(email.html).not.toContain('<script>');
    expect(email.subject).not.toMatch(/[\r\n]/);
  });

  it('is queued once per order', () => {
    expect(shippingConfirmationOutboxEmail(order(), options)).toMatchObject({
      idempotencyKey: 'shipping-confirmation:3f2a9c1e-7b4d-4e8a-9c2f-1a2b3c4d5e6f',
      template: 'shipping-confirmation',
      to: 'parent@example.com',
    });
  });
});
