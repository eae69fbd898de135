/**
 * What the shell's head loads, in its order: its entry module and the modules it imports, then its
 * stylesheets. routes.json carries it (the server's `ShellPreloads`), and the server names these
 * first in a browser-rendered route's Link header, so the entry is fetched before the route's own
 * chunks rather than queued behind them. A preload must be asked for as the tag will ask (the same
 * CORS mode), or the browser fetches the file twice: a tag this cannot name that way fails the build.
 */
import { headOf, headTags, loadedBy } from './head-tags';

export interface ShellPreloads {
  modules: string[];
  styles: { href: string; crossorigin: 'anonymous' | 'use-credentials' | null }[];
}

/** A tag's CORS mode as a preload must repeat it. */
function corsMode(attributes: Map<string, string>): ShellPreloads['styles'][number]['crossorigin'] {
  const value = attributes.get('crossorigin');
  if (value === undefined) return null;
  return value.toLowerCase() === 'use-credentials' ? 'use-credentials' : 'anonymous';
}

/** The shell's own preloads, read from the built index.html. */
export function shellPreloads(html: string): ShellPreloads {
  const found: ShellPreloads = { modules: [], styles: [] };
  for (const tag of headTags(headOf(html))) {
    const loaded = loadedBy(tag);
    if (!loaded?.url.startsWith('/assets/')) continue;
    const { url, kind } = loaded;
    const { attributes } = tag;
    if (kind === 'script' || kind === 'modulepreload') {
      // A modulepreload named in a header is fetched without credentials for another origin: as the tag does only without use-credentials.
      if (corsMode(attributes) === 'use-credentials')
        throw new Error(`index.html: ${url} is loaded with credentials; its preload could not match`);
      found.modules.push(url);
    } else {
      found.styles.push({ href: url, crossorigin: corsMode(attributes) });
    }
  }
  if (found.modules.length === 0) throw new Error('index.html loads no module from /assets/');
  return found;
}
