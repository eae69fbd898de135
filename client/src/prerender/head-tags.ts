/**
 * The `<script>` and `<link>` tags of a built page's head, read once for the build's two uses of
 * them: which files the shell loads first (shell-preloads.ts), and which of a prerendered page's
 * tags its loader takes over (page-code-loader.ts).
 */
export interface HeadTag {
  /** `script` or `link`. */
  name: 'script' | 'link';
  /** Its attributes, names lower-cased; a bare attribute is ''. */
  attributes: Map<string, string>;
  /** Where the tag starts in the text given, and where it ends (after `</script>` when one follows at once). */
  start: number;
  end: number;
}

/** The text before `</head>` (all of it when there is none). */
export function headOf(html: string): string {
  const end = html.search(/<\/head>/i);
  return end < 0 ? html : html.slice(0, end);
}

/** Each `<script>` and `<link>` tag of `head`, in order. Quoted values may hold ">" and "<". */
export function headTags(head: string): HeadTag[] {
  const tags: HeadTag[] = [];
  for (const tag of head.matchAll(/<(script|link)\b((?:[^>"']|"[^"]*"|'[^']*')*)>(<\/script>)?/gi)) {
    const attributes = new Map<string, string>();
    for (const attribute of tag[2].matchAll(/([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?/g)) {
      const name = attribute[1].toLowerCase();
      if (!attributes.has(name)) attributes.set(name, attribute[2] ?? attribute[3] ?? attribute[4] ?? '');
    }
    const name = tag[1].toLowerCase() as HeadTag['name'];
    // Only a script's own end tag belongs to it.
    const whole = name === 'script' || !tag[3] ? tag[0] : tag[0].slice(0, -tag[3].length);
    tags.push({ name, attributes, start: tag.index, end: tag.index + whole.length });
  }
  return tags;
}

/** What a head tag loads: a module (the entry's `<script type="module">`), a modulepreload, a stylesheet. */
export interface LoadedFile {
  url: string;
  kind: 'script' | 'modulepreload' | 'stylesheet';
}

/** The file `tag` loads and how, or null for a tag that loads none of these (an inline script, an icon). */
export function loadedBy({ name, attributes }: HeadTag): LoadedFile | null {
  const url = attributes.get(name === 'script' ? 'src' : 'href');
  const rel = attributes.get('rel')?.toLowerCase();
  const kind =
    name === 'script'
      ? attributes.get('type')?.toLowerCase() === 'module' && 'script'
      : (rel === 'modulepreload' || rel === 'stylesheet') && rel;
  return url && kind ? { url, kind } : null;
}
