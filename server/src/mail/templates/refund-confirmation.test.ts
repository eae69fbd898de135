import { refundConfirmationEmail, refundConfirmationOutboxEmail } from './refund-confirmation';

const order = { id: '3f2a9c1e-7b4d-4e8a-9c2f-1a2b3c4d5e6f', childName: 'Mia', email: 'parent@example.com', currency: 'USD' };
const options = { publicUrl: 'https://shop.example.com', orderUrl: 'https://shop.example.com/order/tok-9' };

describe('the refund confirmation e-mail', () => {
  it('says how much, why, and when it reaches the card', () => {
    const email = refundConfirmationEmail(order, { amountCents: 5000, reason: 'The book arrived damaged.' }, options);
    expect(email.subject).toBe('Your refund of $50.00 is on its way');
    expect(email.text).toContain("We have refunded $50.00 for Mia's storybook (order 3f2a9c1e)");
    expect(email.text).toContain('Reason: The book arrived damaged.');
    expect(email.text).toContain('within 5-10 business days');
    expect(email.html).toContain('<strong>$50.00</strong>');
    expect(email.text).toContain('private order page: https://shop.example.com/order/tok-9');
    expect(email.html).toContain('href="https://shop.example.com/order/tok-9"');
  });

  it('leaves the reason out when there is none for the parent', () => {
    const email = refundConfirmationEmail(order, { amountCents: 2500, reason: null }, options);
    expect(email.text).not.toContain('Reason:');
    expect(email.html).not.toContain('Reason:');
  });

  it('escapes the child name and the reason', () => {
    const email = refundConfirmationEmail(
      { ...order, childName: '<img src=x onerror=alert(1)>' },
      { amountCents: 2500, reason: '<a href="https://evil.example">click</a>' },
      options,
    );
    expect(email.html).not.toContain('<img src=x');
    expect(email.html).not.toContain('<a href="https://evil.example">');
    expect(email.html).toContain('&lt;a href=&quot;https://evil.example&quot;&gt;');
  });

  it('is queued once per provider refund', () => {
    const input = refundConfirmationOutboxEmail(order, { refundId: 're_123', amountCents: 2500, reason: null }, options);
    expect(input).toMatchObject({
      idempotencyKey: 'refund-confirmation:3f2a9c1e-7b4d-4e8a-9c2f-1a2b3c4d5e6f:re_123',
      template: 'refund-confirmation',
      to: 'parent@example.com',
    });
  });
});
