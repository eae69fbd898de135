import { loggablePath, requestIdFor } from './access-log';

describe('loggablePath', () => {
  it('drops the query string and the fragment', () => {
    expect(loggablePath('/media/photos/5b9d.png?exp=1&sig=abc#t=3', false)).toBe('/media/photos/5b9d.png');
  });

  it('replaces tokens: after /video, /order and /invite, and any long token-like segment', () => {
    expect(loggablePath('/video/abc', false)).toBe('/video/[redacted]');
    expect(loggablePath('/admin/invite/xyz', false)).toBe('/admin/invite/[redacted]');
    expect(loggablePath('/order/tok', false)).toBe('/order/[redacted]');
    expect(loggablePath(`/somewhere/${'Ab1_-'.repeat(8)}/next`, false)).toBe('/somewhere/[redacted]/next');
  });

  it('keeps ids and file names an operator needs', () => {
    const id = '5b9d6f0e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
    expect(loggablePath(`/media/photos/${id}.png`, false)).toBe(`/media/photos/${id}.png`);
    expect(loggablePath(`/order/${id}`, false)).toBe(`/order/${id}`);
    expect(loggablePath('/admin/orders.csv?q=mia', false)).toBe('/admin/orders.csv');
  });

  it('masks an e-mail address in a path in production', () => {
    expect(loggablePath('/unsubscribe/parent%40example.com', true)).toBe('/unsubscribe/[email]');
    expect(loggablePath('/unsubscribe/parent%40example.com', false)).toBe('/unsubscribe/parent%40example.com');
  });
});

describe('requestIdFor', () => {
  it("keeps a caller's short, safe id and replaces anything else", () => {
    expect(requestIdFor('lb-7f3a:42')).toBe('lb-7f3a:42');
    expect(requestIdFor(['first', 'second'])).toBe('first');
    for (const bad of [undefined, '', 'x'.repeat(65), 'with space', 'quote"d', 'new\nline']) {
      expect(requestIdFor(bad)).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
