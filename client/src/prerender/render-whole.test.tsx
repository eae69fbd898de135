/**
 * @jest-environment node
 */
import { Suspense } from 'react';

import { renderWhole } from './render-whole';

function Greeting() {
  return <p>Hello</p>;
}

function NeedsAProvider(): never {
  throw new Error('Could not find "client" in the context');
}

describe('a prerendered page', () => {
  it('is the HTML of every part', async () => {
    await expect(
      renderWhole(
        <Suspense fallback="Loading…">
          <Greeting />
        </Suspense>,
      ),
    ).resolves.toBe('<p>Hello</p>');
  });

  it('fails when a part inside a Suspense boundary fails, rather than leaving its spinner for the browser', async () => {
    await expect(
      renderWhole(
        <Suspense fallback="Loading…">
          <Greeting />
          <NeedsAProvider />
        </Suspense>,
      ),
    ).rejects.toThrow('a part of the page failed to render: Could not find "client" in the context');
  });

  it('fails when a part outside any boundary fails', async () => {
    await expect(renderWhole(<NeedsAProvider />)).rejects.toThrow('Could not find "client" in the context');
  });
});
