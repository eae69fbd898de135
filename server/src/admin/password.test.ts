import {
  currentPasswordCost,
  dummyPasswordHash,
  hashPassword,
  LEGACY_PASSWORD_COST,
  needsRehash,
  PASSWORD_COST,
  usePasswordCostForTests,
  verifyPassword,
} from './password';

describe('admin passwords', () => {
  it('verify against their own salted hash only', async () => {
    const first = await hashPassword('a long enough password');
    const second = await hashPassword('a long enough password');
    expect(first).not.toBe(second);
    expect(await verifyPassword('a long enough password', first)).toBe(true);
    expect(await verifyPassword('a long enough passwore', first)).toBe(false);
    expect(await verifyPassword('a long enough password', 'plain-text')).toBe(false);
  });

  it("are hashed at OWASP's cost (N=2^17, r=8, p=1), the unknown-e-mail dummy too", async () => {
    expect(PASSWORD_COST).toEqual({ N: 131072, r: 8, p: 1 });
    expect(currentPasswordCost()).toBe(PASSWORD_COST);
    expect(await hashPassword('a long enough password')).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await dummyPasswordHash()).toMatch(/^scrypt\$131072\$8\$1\$/);
  });

  it('still verify when made at the old cost, which asks for a new hash', async () => {
    const old = await hashPassword('a long enough password', LEGACY_PASSWORD_COST);
    expect(old).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword('a long enough password', old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash(await hashPassword('a long enough password'))).toBe(false);
  });

  it('refuse a stored hash that asks for more memory than any real one', async () => {
    const huge = 'scrypt$4194304$8$1$c2FsdA$aGFzaA';
    expect(await verifyPassword('a long enough password', huge)).toBe(false);
    expect(needsRehash(huge)).toBe(false);
  });

  it('take a lower cost only under NODE_ENV=test', () => {
    const nodeEnv = process.env.NODE_ENV;
    try {
      process.env.NODE_ENV = 'production';
      expect(() => usePasswordCostForTests(LEGACY_PASSWORD_COST)).toThrow(/for tests only/);
      expect(currentPasswordCost()).toBe(PASSWORD_COST);
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
  });
});
