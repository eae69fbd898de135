import { escapeHtml } from '../escape-html';
import { orderConfirmationEmail, orderConfirmationOutboxEmail, type OrderConfirmationOrder } from './order-confirmation';
import { formatAmount } from '../../orders/order-format';

const ID = '3f2a9c1e-7b4d-4e8a-9c2f-1a2b3c4d5e6f';
const ORDER_URL = 'https://shop.example.com/order/tok-123';
const options = { publicUrl: 'https://shop.example.com/', orderUrl: ORDER_URL };

const digital = (over: Partial<OrderConfirmationOrder> = {}): OrderConfirmationOrder => ({
  id: ID,
  childName: 'Mia',
  childAge: 6,
  moral: 'Kindness',
  bookFormat: 'digital',
  bookStyle: null,
  amountCents: 2500,
  currency: 'USD',
  email: 'parent@example.com',
  shippingAddress: null,
  ...over,
});

const printed = (over: Partial<OrderConfirmationOrder> = {}): OrderConfirmationOrder =>
  digital({
    bookFormat: 'printed',
    bookStyle: 'adventure',
    amountCents: 5000,
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

/** The HTML's visible text, roughly: tags dropped, the entities the escaper writes decoded. */
const visible = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('escapeHtml', () => {
  it('escapes the five characters that matter in content and quoted attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;',
    );
  });

  it('leaves other text alone, including what looks like an entity already', () => {
    expect(escapeHtml('Zoë 🦁 naïve')).toBe('Zoë 🦁 naïve');
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });
});

describe('orderConfirmationEmail', () => {
  it("links the receipt's own address when it is given, and nothing when not", () => {
    const RECEIPT_URL = 'https://shop.example.com/receipt/3f2a9c1e-7b4d-4e8a-9c2f-1a2b3c4d5e6f/sig';
    const { text, html } = orderConfirmationEmail(digital(), { ...options, receiptUrl: RECEIPT_URL });
    expect(text).toContain(`Your receipt, to print or save as a PDF: ${RECEIPT_URL}`);
    expect(html).toContain(`<a href="${RECEIPT_URL}"`);
    expect(visible(html)).toContain('To print it or save it as a PDF: your receipt');
    const without = orderConfirmationEmail(digital(), options);
    expect(without.text).not.toContain('Your receipt');
    expect(without.html).not.toContain('your receipt');
  });

  it('confirms a digital order: plan, child, lesson, amount, the 24-hour promise and the reference', () => {
    const email = orderConfirmationEmail(digital(), options);
    expect(email.subject).toBe("Your order is confirmed: Mia's storybook is on its way");
    for (const body of [email.text, visible(email.html)]) {
      expect(body).toContain('Digital Comic Book');
      expect(body).toContain('Mia, age 6');
      expect(body).toContain('Kindness');
      expect(body).toContain('$25.00');
      expect(body).toContain('by e-mail within 24 hours');
      expect(body).toContain('3f2a9c1e');
      expect(body).not.toContain('3f2a9c1e-7b4d');
      expect(body).not.toContain('7-10 business days');
      expect(body).not.toContain('Illustration style');
      expect(body).toContain(ORDER_URL);
      expect(body).not.toContain('mention your order reference');
    }
    expect(email.html).toContain(`href="${ORDER_URL}"`);
    expect(email.text).toContain('Life lesson: Kindness');
    expect(email.text).toContain('Amount paid: $25.00');
    expect(email.text).toContain('Order reference: 3f2a9c1e');
  });

  it('confirms a printed order: style, $50.00 and 7-10 business days to the shipping address', () => {
    const email = orderConfirmationEmail(printed(), options);
    for (const body of [email.text, visible(email.html)]) {
      expect(body).toContain('Premium Printed Storybook');
      expect(body).toContain('Adventure');
      expect(body).toContain('$50.00');
      expect(body).toContain('7-10 business days');
      expect(body).not.toContain('within 24 hours');
      for (const line of ['Sam Parent', '12 Oak Street', 'Portland, OR 97201', 'United States']) {
        expect(body).toContain(line);
      }
    }
    expect(email.text).toContain('Illustration style: Adventure');
  });

  it.each([
    [2500, '$25.00'],
    [5000, '$50.00'],
    [2550, '$25.50'],
    [199, '$1.99'],
    [123456, '$1,234.56'],
  ])('formats %i cents as %s', (cents, shown) => {
    expect(formatAmount(cents, 'USD')).toBe(shown);
    const email = orderConfirmationEmail(digital({ amountCents: cents }), options);
    expect(email.text).toContain(`Amount paid: ${shown}`);
    expect(email.html).toContain(shown);
  });

  it('falls back to a plain amount for a currency code Intl does not know', () => {
    expect(formatAmount(2500, 'X1')).toBe('25.00 X1');
  });

  it('escapes a child name that is markup in the HTML and keeps it readable in the text', () => {
    const name = '<img src=x onerror=alert(1)>';
    const email = orderConfirmationEmail(digital({ childName: name }), options);
    expect(email.html).not.toContain('<img');
    expect(email.html).not.toMatch(/<[^>]*onerror/i);
    expect(email.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(email.text).toContain(`starring ${name}.`);
    expect(email.text).toContain(`Starring: ${name}, age 6`);
    expect(email.subject).toContain(name);
  });

  it('escapes every other value a customer typed: lesson, style, every address field', () => {
    const evil = (field: string) => `"><script>alert('${field}')</script>&`;
    const email = orderConfirmationEmail(
      printed({
        childName: 'O\'Brien & "Co"',
        moral: evil('moral'),
        bookStyle: evil('style'),
        shippingAddress: {
          fullName: evil('name'),
          streetAddress: evil('street'),
          city: evil('city'),
          state: evil('state'),
          zipCode: evil('zip'),
          country: evil('country'),
        },
      }),
      options,
    );
    expect(email.html).not.toMatch(/<script/i);
    expect(email.html).not.toContain('"><');
    expect(email.html).toContain('O&#39;Brien &amp; &quot;Co&quot;');
    for (const field of ['moral', 'style', 'name', 'street', 'city', 'state', 'zip', 'country']) {
      expect(email.html).toContain(`&quot;&gt;&lt;script&gt;alert(&#39;${field}&#39;)&lt;/script&gt;&amp;`);
      expect(email.text).toContain(evil(field));
    }
  });

  it("speaks of 'your child' once the parent deleted the child's details", () => {
    const email = orderConfirmationEmail(digital({ childName: null, childAge: null }), options);
    expect(email.subject).toBe("Your order is confirmed: your child's storybook is on its way");
    expect(email.text).toContain('Starring: Your child');
    expect(email.text).not.toContain('null');
  });

  it('keeps the subject on one line whatever the name holds', () => {
    const email = orderConfirmationEmail(digital({ childName: 'Mia\r\nBcc: someone@example.com' }), options);
    expect(email.subject).not.toMatch(/[\r\n]/);
    expect(email.subject).toBe("Your order is confirmed: Mia Bcc: someone@example.com's storybook is on its way");
  });

  it('loads nothing from outside: no images, no stylesheets, no scripts', () => {
    for (const email of [orderConfirmationEmail(digital(), options), orderConfirmationEmail(printed(), options)]) {
      expect(email.html).not.toMatch(/<img|<link|<script|src=|url\(|background=/i);
      expect(email.html).toMatch(/^<!doctype html>/);
    }
  });

  it('builds the outbox row: one per order, to the customer', () => {
    const order = printed();
    expect(orderConfirmationOutboxEmail(order, options)).toEqual({
      idempotencyKey: `order-confirmation:${ID}`,
      orderId: ID,
      template: 'order-confirmation',
      to: 'parent@example.com',
      ...orderConfirmationEmail(order, options),
    });
  });
});
