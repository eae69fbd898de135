import { type DeferredModule, PAGE_CODE_ELEMENT_ID, PAGE_CODE_LOADER, withLoader } from './page-code-loader';

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <link
      rel="icon"
      href="data:image/svg+xml,%3Csvg%3E"
    />
    <script type="module" crossorigin src="/assets/index-A1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/jsx-runtime-B2.js">
    <style>.hero{color:red}</style>
    <link rel="stylesheet" crossorigin href="/assets/style-C3.css">
  <link rel="canonical" href="https://shop.example/faq"></head>
  <body><div id="root"><h1 class="hero">FAQ</h1></div></body>
</html>`;

/** What the page's data block lists. */
const listed = (html: string): DeferredModule[] =>
  JSON.parse(new RegExp(`<script type="application/json" id="${PAGE_CODE_ELEMENT_ID}">([^<]*)</script>`).exec(html)![1]);

describe('withLoader', () => {
  it('takes the code and stylesheet tags out of the head and lists them, with the page chunks, for the loader', () => {
    const html = withLoader(PAGE, ['/assets/FaqPage-D4.js', '/assets/jsx-runtime-B2.js']);
    expect(html).not.toMatch(/<script type="module"|rel="modulepreload"|rel="stylesheet"/);
    expect(listed(html)).toEqual([
      { url: '/assets/index-A1.js', kind: 'script' },
      { url: '/assets/jsx-runtime-B2.js', kind: 'modulepreload' },
      { url: '/assets/style-C3.css', kind: 'stylesheet' },
      { url: '/assets/FaqPage-D4.js', kind: 'modulepreload' },
    ]);
    expect(html).toContain(`<script>${PAGE_CODE_LOADER}</script>`);
    // The rest of the page as it was: the icon, the inline rules, the canonical link, the body.
    expect(html).toContain('rel="icon"');
    expect(html).toContain('<style>.hero{color:red}</style>');
    expect(html).toContain('<link rel="canonical" href="https://shop.example/faq">');
    expect(html).toContain('<body><div id="root"><h1 class="hero">FAQ</h1></div></body>');
  });

  it('refuses a page with no entry to load', () => {
    expect(() => withLoader(PAGE.replace(/<script type="module"[^>]*><\/script>/, ''), [])).toThrow(
      'the page has no module script to load after paint',
    );
  });
});

describe('the loader in the page', () => {
  let emitPaint: (() => void) | null;

  /** A page as `withLoader` leaves it, in this document, with the loader run as the page runs it. */
  function openPage(visibility: DocumentVisibilityState) {
    Object.defineProperty(document, 'visibilityState', { value: visibility, configurable: true });
    document.head.innerHTML = withLoader(PAGE, ['/assets/FaqPage-D4.js']).match(/<head>([\s\S]*)<\/head>/)![1];
    // The page's own source, run on its own: it may use nothing from outside its text.
    new Function(PAGE_CODE_LOADER)();
  }
  const added = () =>
    [...document.head.querySelectorAll('script[src], link[rel="modulepreload"], link[rel="stylesheet"]')].map(
      (tag) =>
        `${tag.tagName === 'SCRIPT' ? 'script' : tag.getAttribute('rel')} ${tag.getAttribute('src') ?? tag.getAttribute('href')}`,
    );
  const stylesheet = () => document.head.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')!;

  beforeEach(() => {
    jest.useFakeTimers();
    emitPaint = null;
    // The browser's paint timing: the test says when the first contentful paint happens.
    class FakeObserver {
      static supportedEntryTypes = ['paint'];
      constructor(private readonly callback: (list: { getEntriesByName(name: string): unknown[] }) => void) {}
      observe() {
        emitPaint = () => this.callback({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) });
      }
      disconnect() {
        emitPaint = null;
      }
    }
    Object.assign(globalThis, { PerformanceObserver: FakeObserver });
  });
  afterEach(() => {
    jest.useRealTimers();
    document.head.innerHTML = '';
    Reflect.deleteProperty(document, 'readyState');
  });

  it('asks for nothing before the first contentful paint, then for the stylesheet and modules, and runs the entry once styled', () => {
    openPage('visible');
    jest.advanceTimersByTime(1000);
    expect(added()).toEqual([]);

    emitPaint!();
    jest.advanceTimersByTime(0);
    // Fetched at once, the entry first; run only once the stylesheet is in.
    expect(added()).toEqual([
      'modulepreload /assets/index-A1.js',
      'stylesheet /assets/style-C3.css',
      'modulepreload /assets/jsx-runtime-B2.js',
      'modulepreload /assets/FaqPage-D4.js',
    ]);
    expect(document.head.querySelector('script[src]')).toBeNull();
    expect(stylesheet().crossOrigin).toBe('anonymous');

    stylesheet().dispatchEvent(new Event('load'));
    expect(added()).toContain('script /assets/index-A1.js');
    const entry = document.head.querySelector<HTMLScriptElement>('script[src="/assets/index-A1.js"]')!;
    expect(entry.type).toBe('module');
    // Once only, whatever else happens after.
    document.dispatchEvent(new Event('visibilitychange'));
    jest.advanceTimersByTime(10_000);
    expect(added()).toHaveLength(5);
  });

  it('runs the entry when the stylesheet fails: the page works unstyled rather than not at all', () => {
    openPage('visible');
    emitPaint!();
    jest.advanceTimersByTime(0);
    stylesheet().dispatchEvent(new Event('error'));
    expect(added()).toContain('script /assets/index-A1.js');
  });

  it('loads at once in a tab nobody sees, which paints nothing until it is shown, and runs the entry once the page is parsed', () => {
    Object.defineProperty(document, 'readyState', { value: 'loading', configurable: true });
    openPage('hidden');
    expect(added()).toHaveLength(4);
    stylesheet().dispatchEvent(new Event('load'));
    expect(added()).not.toContain('script /assets/index-A1.js');

    Object.defineProperty(document, 'readyState', { value: 'interactive', configurable: true });
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(added()).toContain('script /assets/index-A1.js');
  });

  it('loads within seconds when the browser never reports a paint', () => {
    openPage('visible');
    jest.advanceTimersByTime(4999);
    expect(added()).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(added()).toHaveLength(4);
  });
});
