import { EMAIL_MAX_LENGTH, isEmailAddress } from './email';

describe('isEmailAddress', () => {
  it('takes ordinary addresses', () => {
    for (const good of ['parent@example.com', 'a.b+c@mail.example.org', 'x@sub.domain.co.uk'])
      expect(isEmailAddress(good)).toBe(true);
  });

  it('refuses malformed addresses, control characters and NUL bytes', () => {
    for (const bad of ['parent', 'a@b', 'a@b..c', 'a@.b.c', 'a b@c.d', 'a@b.c\u0000', 'a\u0000@b.c', 'a@b@c.d', '']) {
      expect(isEmailAddress(bad)).toBe(false);
    }
  });

  it('refuses anything longer than an address can be, before matching it', () => {
    expect(isEmailAddress(`${'a'.repeat(EMAIL_MAX_LENGTH - 4)}@b.co`)).toBe(false);
    expect(isEmailAddress(`${'a'.repeat(EMAIL_MAX_LENGTH - 5)}@b.co`)).toBe(true);
  });

  it('answers at once for inputs built to make a backtracking pattern crawl', () => {
    // These took the old pattern about a second each at 40 KB, quadratically more beyond: the
    // length check answers before any matching, and the pattern itself is linear.
    const crafted = [`a@${'a.'.repeat(20_000)} `, `a@${'.'.repeat(40_000)}@`, `${'a'.repeat(60_000)}@${'b'.repeat(60_000)}`];
    for (const value of crafted) expect(isEmailAddress(value)).toBe(false);
  });
});
