import { isPrivatePath } from './private-paths';

describe('isPrivatePath', () => {
  it('keeps the order and video links (their token is in the path) and the admin portal from the pixel', () => {
    expect(isPrivatePath('/order/Zk3x-abcdefghijklmnopqrstuvwxyz0123456789AB')).toBe(true);
    expect(isPrivatePath('/video/Zk3x-abcdefghijklmnopqrstuvwxyz0123456789AB')).toBe(true);
    expect(isPrivatePath('/video')).toBe(true);
    expect(isPrivatePath('/admin')).toBe(true);
    expect(isPrivatePath('/admin/dashboard')).toBe(true);
  });

  it('keeps them private in any casing, since the router renders them so', () => {
    for (const path of ['/Order/Zk3x-abc', '/VIDEO/Zk3x-abc', '/Video', '/ADMIN', '/Admin/dashboard']) {
      expect(isPrivatePath(path)).toBe(true);
    }
  });

  it("lets the shop's own pages be counted", () => {
    for (const path of ['/', '/create', '/payment', '/payment-success', '/faq', '/videos-we-love', '/ordering-guide']) {
      expect(isPrivatePath(path)).toBe(false);
    }
  });
});
