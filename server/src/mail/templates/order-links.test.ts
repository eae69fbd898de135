import { childDataDeletedEmail, childDataDeletedOutboxEmail } from './child-data-deleted';
import { orderLinksEmail, orderLinksOutboxEmail } from './order-links';
import { orderLinkRenewedEmail } from './order-link-renewed';

const entry = (over: Partial<Parameters<typeof orderLinksEmail>[0][number]> = {}) => ({
  id: '3f2a9c1e-7b4d-4e8a-9c2f-1a2b3c4d5e6f',
  childName: 'Mia' as string | null,
  bookFormat: 'printed' as const,
  status: 'Shipped',
  createdAt: new Date('2026-03-05T10:00:00Z'),
  url: 'https://shop.example.com/order/tok-1',
  ...over,
});
const options = { publicUrl: 'https://shop.example.com' };

describe('the order links e-mail', () => {
  it("lists each order's reference, child, format, status and its own link, in HTML and text", () => {
    const email = orderLinksEmail(
      [
        entry(),
        entry({
          id: 'aaaaaaaa-0000-4000-8000-000000000000',
          childName: 'Leo',
          bookFormat: 'digital',
          status: 'Pending',
          url: 'https://shop.example.com/order/tok-2',
        }),
      ],
      options,
    );
    expect(email.subject).toBe('The links to your storybook orders');
    expect(email.text).toContain('Order 3f2a9c1e: Mia');
    expect(email.text).toContain('Premium Printed Storybook, placed March 5, 2026. Shipped.');
    expect(email.text).toContain('https://shop.example.com/order/tok-1');
    expect(email.text).toContain('Order aaaaaaaa: Leo');
    expect(email.text).toContain('Digital Comic Book, placed March 5, 2026. Waiting for payment.');
    expect(email.html).toContain('href="https://shop.example.com/order/tok-2"');
  });

  it("escapes the child's name, and says when it was deleted", () => {
    const email = orderLinksEmail([entry({ childName: '<b>Mia</b>' }), entry({ childName: null })], options);
    expect(email.html).not.toContain('<b>Mia</b>');
    expect(email.html).toContain('&lt;b&gt;Mia&lt;/b&gt;');
    expect(email.text).toContain("Your child's details were deleted");
  });

  it("is one outbox row per request, to the address that asked, filed with the address's newest order", () => {
    const newest = entry({ id: '0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9' });
    expect(orderLinksOutboxEmail('parent@example.com', [newest, entry()], 'req-1', options)).toMatchObject({
      idempotencyKey: 'order-links:req-1',
      orderId: newest.id,
      template: 'order-links',
      to: 'parent@example.com',
      subject: 'The links to your storybook orders',
    });
  });
});

describe('the deletion confirmation e-mail', () => {
  const order = { id: '3f2a9c1e-7b4d-4e8a-9c2f-1a2b3c4d5e6f', email: 'parent@example.com' };
  const withLink = { ...options, orderUrl: 'https://shop.example.com/order/tok-3' };

  it('says what is gone and what is kept, and links to the order page', () => {
    const email = childDataDeletedEmail(order, withLink);
    expect(email.subject).toBe("Your child's data for order 3f2a9c1e has been deleted");
    expect(email.text).toContain("We have deleted your child's photo, the finished video and PDF");
    expect(email.text).toContain('the order reference, the amount paid, the dates');
    expect(email.text).toContain('https://shop.example.com/order/tok-3');
    expect(childDataDeletedOutboxEmail(order, withLink)).toMatchObject({ idempotencyKey: `child-data-deleted:${order.id}` });
  });
});

describe('the renewed link e-mail', () => {
  it('carries the new link and says the old ones stopped working', () => {
    const email = orderLinkRenewedEmail(
      { id: '3f2a9c1e-7b4d-4e8a-9c2f-1a2b3c4d5e6f' },
      { ...options, orderUrl: 'https://shop.example.com/order/tok-4' },
    );
    expect(email.text).toContain('no longer open it');
    expect(email.text).toContain('https://shop.example.com/order/tok-4');
    expect(email.html).toContain('href="https://shop.example.com/order/tok-4"');
  });
});
