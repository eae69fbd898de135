import { shellPreloads } from './shell-preloads';

describe("the shell's own preloads, read from its head", () => {
  it("names the entry, the modules it imports and the stylesheet as Vite writes them, in the head's order", () => {
    const html = `<!doctype html><html><head>
      <meta charset="UTF-8" />
      <link rel="icon" type="image/svg+xml" href="data:image/svg+xml,%3Csvg%3E" />
      <script type="module" crossorigin src="/assets/index-Bqz2.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/jsx-runtime-Wy9s.js">
      <link rel="stylesheet" crossorigin href="/assets/style-c-uL.css">
      <title>Shop</title></head><body><script type="module" src="/assets/late.js"></script></body></html>`;
    expect(shellPreloads(html)).toEqual({
      modules: ['/assets/index-Bqz2.js', '/assets/jsx-runtime-Wy9s.js'],
      styles: [{ href: '/assets/style-c-uL.css', crossorigin: 'anonymous' }],
    });
  });

  it('reads quoted and unquoted values, in any order, and no attribute from inside another one', () => {
    const html = `<head>
      <script title="not crossorigin > here" src='/assets/a.js' type=module></script>
      <link href=/assets/b.css rel=stylesheet data-crossorigin="x">
      <link CROSSORIGIN=use-credentials rel="stylesheet" href="/assets/c.css">
      <link rel="preload" as="font" href="/assets/f.woff2" crossorigin>
      <script src="/assets/classic.js"></script>
    </head>`;
    expect(shellPreloads(html)).toEqual({
      modules: ['/assets/a.js'],
      styles: [
        { href: '/assets/b.css', crossorigin: null },
        { href: '/assets/c.css', crossorigin: 'use-credentials' },
      ],
    });
  });

  it('fails the build for a module loaded with credentials, or a head that loads no module', () => {
    expect(() =>
      shellPreloads('<head><script type="module" crossorigin="use-credentials" src="/assets/a.js"></script></head>'),
    ).toThrow('/assets/a.js is loaded with credentials');
    expect(() => shellPreloads('<head><link rel="stylesheet" href="/assets/s.css"></head>')).toThrow('loads no module');
  });
});
