import { MediaSigner } from './signed-url';

const params = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

describe('MediaSigner', () => {
  const signer = new MediaSigner('secret', 600);
  const now = Date.UTC(2026, 0, 1);

  it('signs a key so that it verifies until it expires', () => {
    const url = signer.url('photos/a b.png', 600, now);
    expect(url).toMatch(/^\/media\/photos\/a%20b\.png\?exp=\d+&sig=[\w-]+$/);
    const { exp, sig } = params(url);
    expect(signer.verify('photos/a b.png', exp, sig, now + 599_000)).toBe(true);
    expect(signer.verify('photos/a b.png', exp, sig, now + 601_000)).toBe(false);
  });

  it('does not verify another key, another expiry, another secret or a missing signature', () => {
    const { exp, sig } = params(signer.url('photos/1.png', 600, now));
    expect(signer.verify('photos/2.png', exp, sig, now)).toBe(false);
    expect(signer.verify('photos/1.png', String(Number(exp) + 1), sig, now)).toBe(false);
    expect(new MediaSigner('other', 600).verify('photos/1.png', exp, sig, now)).toBe(false);
    expect(signer.verify('photos/1.png', exp, undefined, now)).toBe(false);
    expect(signer.verify('photos/1.png', 'soon', sig, now)).toBe(false);
  });
});
