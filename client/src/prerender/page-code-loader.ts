/**
 * A prerendered page is whole in its HTML: the build inlines the stylesheet's rules its markup uses
 * (scripts/prerender.mjs), so nothing holds its first paint back. Its code (the entry, React, the
 * router: most of its bytes), the whole stylesheet and the page's own chunks are asked for by one
 * small inline script, `loadPageCode`, once the page has painted, instead of by tags in the head:
 * on a slow phone line they would otherwise share the line with the HTML the first paint waits on.
 * The page is read before it is used, and its links work before its code has run; the order form
 * stays disabled until then.
 *
 * The entry runs once the whole stylesheet is in: what the page then shows (a menu opened, the
 * cookie banner, the next page) has its rules. The browser-rendered routes (the shell) paint only
 * a placeholder before their code runs, and keep their tags as they are.
 */
import { headTags, type LoadedFile, loadedBy } from './head-tags';

/** What the loader asks for: the entry, a modulepreload (its imports, the page's own chunks), the stylesheet. */
export type DeferredModule = LoadedFile;

/** The data block (JSON, never run) that lists a page's `DeferredModule`s for the loader. */
export const PAGE_CODE_ELEMENT_ID = 'page-code';

/**
 * Runs in the page, on its own (the build writes its source into the page, so it may use nothing
 * from outside its body): adds tags for what the data block `elementId` lists once the page has
 * painted its content, or at once in a tab nobody sees (a background tab, a prerender), which
 * paints nothing until it is shown. The entry's tag is added once the stylesheets have loaded (or
 * failed: the page then works unstyled rather than not at all) and the page is parsed.
 */
export function loadPageCode(elementId: string): void {
  const modules = JSON.parse(document.getElementById(elementId)?.textContent ?? '[]') as DeferredModule[];
  let loaded = false;
  const add = (tag: HTMLScriptElement | HTMLLinkElement) => {
    // As the build's own tags ask: the preloads and the entry's imports share one fetch.
    tag.crossOrigin = 'anonymous';
    document.head.appendChild(tag);
  };
  const runEntry = () => {
    // An added module script runs as soon as it is in, and from the cache that can be before the
    // rest of the page is parsed (a background tab loads from the head): the entry needs all of it.
    if (document.readyState === 'loading') {
      document.addEventListener('DOMContentLoaded', runEntry, { once: true });
      return;
    }
    for (const module of modules.filter((each) => each.kind === 'script')) {
      const script = document.createElement('script');
      script.type = 'module';
      script.src = module.url;
      add(script);
    }
  };
  const load = () => {
    if (loaded) return;
    loaded = true;
    let styling = modules.filter((module) => module.kind === 'stylesheet').length;
    const styled = () => {
      styling -= 1;
      if (styling === 0) runEntry();
    };
    // Fetched at once, the entry first and the stylesheet next: only the entry's running waits.
    const order = ['script', 'stylesheet', 'modulepreload'];
    for (const module of [...modules].sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind))) {
      const link = document.createElement('link');
      link.href = module.url;
      if (module.kind === 'stylesheet') {
        link.rel = 'stylesheet';
        link.onload = styled;
        link.onerror = styled;
      } else {
        link.rel = 'modulepreload';
      }
      add(link);
    }
    if (styling === 0) runEntry();
  };
  if (document.visibilityState !== 'visible') return load();
  // The first contentful paint, where the browser reports it; else the frame after this one.
  if (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      setTimeout(load, 0);
    });
    observer.observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(() => setTimeout(load, 0));
  }
  // A parent who leaves the tab before it paints finds the page working on return; and whatever
  // the browser does or does not report, the page works within seconds.
  document.addEventListener('visibilitychange', load, { once: true });
  setTimeout(load, 5000);
}

/** The loader, as the pages hold it inline: the same on every page, so the policy allows it by one hash. */
export const PAGE_CODE_LOADER = `(${loadPageCode.toString()})(${JSON.stringify(PAGE_CODE_ELEMENT_ID)});`;

/**
 * A prerendered page, `html`, as it is served: the module and stylesheet tags of its head taken
 * out, and in their place the list of them and of `chunks` (the page's own, as modulepreloads), and
 * the loader inline. Inline, because a file of its own would be one more request before the first
 * paint. Fails when the head has no entry to take out.
 */
export function withLoader(html: string, chunks: readonly string[]): string {
  const end = html.search(/<\/head>/i);
  if (end < 0) throw new Error('the page has no </head>');
  const modules: DeferredModule[] = [];
  let head = html.slice(0, end);
  // From the last tag back, so each one's place in the text still holds when it is cut out.
  for (const tag of headTags(head).reverse()) {
    const loaded = loadedBy(tag);
    if (!loaded) continue;
    modules.unshift(loaded);
    // The tag, and the white space that led up to it.
    head = head.slice(0, tag.start).trimEnd() + head.slice(tag.end);
  }
  if (!modules.some((module) => module.kind === 'script')) throw new Error('the page has no module script to load after paint');
  for (const url of chunks) if (!modules.some((module) => module.url === url)) modules.push({ url, kind: 'modulepreload' });
  const list = JSON.stringify(modules).replace(/</g, '\\u003c');
  return `${head.trimEnd()}
    <script type="application/json" id="${PAGE_CODE_ELEMENT_ID}">${list}</script>
    <script>${PAGE_CODE_LOADER}</script>
  ${html.slice(end)}`;
}
