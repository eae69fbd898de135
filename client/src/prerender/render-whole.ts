import type { ReactElement } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';

/**
 * The HTML of `element`, whole, or an error. React renders a part that throws inside a Suspense
 * boundary as its fallback (a spinner) with a note to render it again in the browser, and does not
 * fail: a page built that way would show the spinner and then fail in the browser too (a hook
 * without its provider, say). Such an error fails the build instead, naming the error.
 */
export async function renderWhole(element: ReactElement): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(element, {
    // Never outline a large part to be revealed by a script later: the page comes whole.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError: (error) => {
      errors.push(error);
    },
  });
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  if (errors.length > 0) {
    const [first] = errors;
    throw new Error(`a part of the page failed to render: ${first instanceof Error ? first.message : String(first)}`, {
      cause: first,
    });
  }
  return html;
}
