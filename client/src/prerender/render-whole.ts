import type { ReactElement } from 'react';
import { renderToStringAsync } from 'preact-render-to-string';

/**
 * The HTML of `element`, whole, once every lazy part of it has come, or an error: a part that
 * throws fails the build, naming the error, rather than leaving a page that would fail in the
 * browser too (a hook without its provider, say).
 */
export async function renderWhole(element: ReactElement): Promise<string> {
  try {
    return await renderToStringAsync(element as unknown as Parameters<typeof renderToStringAsync>[0]);
  } catch (error) {
    throw new Error(`a part of the page failed to render: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}
