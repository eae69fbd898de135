import { checkSync } from 'recheck';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, isEmailAddress } from './email';

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

  it('checks the length before matching, so a long input costs no matching at all', () => {
    const match = jest.spyOn(EMAIL_PATTERN, 'test');
    try {
      for (const crafted of [
        `a@${'a.'.repeat(20_000)} `,
        `a@${'.'.repeat(40_000)}@`,
        `${'a'.repeat(60_000)}@${'b'.repeat(60_000)}`,
      ]) {
        expect(isEmailAddress(crafted)).toBe(false);
      }
      expect(match).not.toHaveBeenCalled();
      expect(isEmailAddress('parent@example.com')).toBe(true);
      expect(match).toHaveBeenCalledTimes(1);
    } finally {
      match.mockRestore();
    }
  });

  it('matches in time linear in the input: no way for an input to make it backtrack', () => {
    // recheck analyses the pattern's automaton (a polynomial or exponential number of ways to
    // match the same input is what makes a pattern crawl); the old `[^@]+\.` pattern is
    // "2nd degree polynomial" here.
    const result = checkSync(EMAIL_PATTERN.source, EMAIL_PATTERN.flags);
    expect(result.status).toBe('safe');
    expect(result.status === 'safe' && result.complexity.type).toBe('linear');
  });
});
