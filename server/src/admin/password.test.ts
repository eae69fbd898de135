import { hashPassword, verifyPassword } from './password';

describe('admin passwords', () => {
  it('verify against their own salted hash only', async () => {
    const first = await hashPassword('a long enough password');
    const second = await hashPassword('a long enough password');
    expect(first).not.toBe(second);
    expect(await verifyPassword('a long enough password', first)).toBe(true);
    expect(await verifyPassword('a long enough passwore', first)).toBe(false);
    expect(await verifyPassword('a long enough password', 'plain-text')).toBe(false);
  });
});
