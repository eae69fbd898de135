import { ReceiptLinks } from './receipt-links';

const ORDER = '3f2a9c1e-7b4d-4e8a-9c2f-1a2b3c4d5e6f';

describe('receipt links', () => {
  it("open the order's receipt with its own signature, and no other order's", () => {
    const links = new ReceiptLinks('a media secret of at least thirty-two bytes');
    const [, , orderId, signature] = links.path(ORDER).split('/');
    expect(orderId).toBe(ORDER);
    expect(links.verify(ORDER, signature)).toBe(true);
    expect(links.verify('00000000-0000-4000-8000-000000000000', signature)).toBe(false);
    expect(links.verify(ORDER, `${signature.slice(0, -1)}A`)).toBe(signature.endsWith('A'));
    expect(links.verify(ORDER, '')).toBe(false);
  });

  it('differ between shops (secrets)', () => {
    expect(new ReceiptLinks('one secret').signature(ORDER)).not.toBe(new ReceiptLinks('another secret').signature(ORDER));
  });
});
