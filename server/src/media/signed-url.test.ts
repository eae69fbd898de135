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

  it('gives one steady link for ten minutes at a time, valid at least its time to live', () => {
    const first = signer.steadyUrl('proofs/p-page-1.jpg', 600, now + 1_000);
    expect(signer.steadyUrl('proofs/p-page-1.jpg', 600, now + 599_000)).toBe(first);
    expect(signer.steadyUrl('proofs/p-page-1.jpg', 600, now + 601_000)).not.toBe(first);
    const { exp, sig } = params(first);
    expect(Number(exp) % 600).toBe(0);
    expect(signer.verify('proofs/p-page-1.jpg', exp, sig, now + 599_000 + 600_000)).toBe(true);
    expect(signer.verify('proofs/p-page-1.jpg', exp, sig, now + 1_201_000)).toBe(false);
  });
});
