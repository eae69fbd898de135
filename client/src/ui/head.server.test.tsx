/**
 * @jest-environment node
 */
import { renderWhole } from '../prerender/render-whole';
import { collectHeadTags, HeadMeta, HeadTitle } from './head';

function Page() {
  return (
    <main>
      <HeadTitle>{'Tom & Jerry <3 | Storybook Shop'}</HeadTitle>
      <HeadMeta name="description" content={'Say "hello"'} />
      <HeadMeta property="og:title" content="Tom" />
      <h1>Hello</h1>
    </main>
  );
}

describe("a prerendered page's head tags", () => {
  it('lead its HTML, escaped, in the order they were rendered, with nothing of them in the page', async () => {
    await expect(collectHeadTags(() => renderWhole(<Page />))).resolves.toBe(
      '<title>Tom &amp; Jerry &lt;3 | Storybook Shop</title>' +
        '<meta name="description" content="Say &quot;hello&quot;"/>' +
        '<meta property="og:title" content="Tom"/>' +
        '<main><h1>Hello</h1></main>',
    );
  });

  it('are collected only while a page is prerendered', async () => {
    await collectHeadTags(() => renderWhole(<Page />));
    await expect(renderWhole(<Page />)).resolves.toBe('<main><h1>Hello</h1></main>');
  });
});
