/**
 * A page's <title>, <meta> and <link> tags, kept in the document's <head>. In the browser each one
 * takes the <head>'s tag of its kind (the prerendered page's, or the shell's title) or adds one,
 * keeps it up to date, and removes it when the page that rendered it goes (the title stays until
 * the next page gives its own): a page that follows shows only its own. The renderer puts nothing in the page's body for them, so a prerendered
 * page hydrates as it was built. When a page is prerendered they are collected instead, and the
 * build puts them in the page's <head> (see collectHeadTags).
 */
import { useLayoutEffect } from 'react';

type Attributes = Record<string, string>;

/** The tags rendered while a page is prerendered, by the selector that names each one. */
let collecting: Map<string, string> | null = null;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function markup(tag: string, attributes: Attributes, text: string | undefined): string {
  const attrs = Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join('');
  return text === undefined ? `<${tag}${attrs}/>` : `<${tag}${attrs}>${escapeHtml(text)}</${tag}>`;
}

/**
 * Renders a page with its head tags collected: `render` renders it, and the tags it rendered lead
 * the HTML it returns, in the order they were first rendered (a part rendered again once its
 * code has come replaces its own tags, never adds a second).
 */
export async function collectHeadTags(render: () => Promise<string>): Promise<string> {
  const tags = new Map<string, string>();
  collecting = tags;
  try {
    const body = await render();
    return [...tags.values()].join('') + body;
  } finally {
    collecting = null;
  }
}

function useHeadTag(tag: 'title' | 'meta' | 'link', key: [string, string] | null, attributes: Attributes, text?: string) {
  const selector = key ? `${tag}[${key[0]}="${key[1]}"]` : tag;
  collecting?.set(selector, markup(tag, attributes, text));
  const state = JSON.stringify([attributes, text ?? null]);
  useLayoutEffect(() => {
    const [attrs, content] = JSON.parse(state) as [Attributes, string | null];
    const element = document.head.querySelector(selector) ?? document.head.appendChild(document.createElement(tag));
    for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
    if (content !== null) element.textContent = content;
    // The title stays until the next page gives its own: while that page's code comes, the tab
    // keeps a name. The other tags go with their page.
    return () => {
      if (tag !== 'title') element.remove();
    };
  }, [tag, selector, state]);
}

/** The page's <title>. */
export function HeadTitle({ children }: { children: string }) {
  useHeadTag('title', null, {}, children);
  return null;
}

/** A <meta name> (or, for a share card, <meta property>) tag. */
export function HeadMeta(props: { name: string; content: string } | { property: string; content: string }) {
  const key: [string, string] = 'name' in props ? ['name', props.name] : ['property', props.property];
  useHeadTag('meta', key, { [key[0]]: key[1], content: props.content });
  return null;
}

/** A <link rel> tag (the page's canonical address). */
export function HeadLink({ rel, href }: { rel: string; href: string }) {
  useHeadTag('link', ['rel', rel], { rel, href });
  return null;
}
