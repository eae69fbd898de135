import { render } from '@testing-library/react';

import { HeadLink, HeadMeta, HeadTitle } from './head';

function Page({ title, description }: { title: string; description?: string }) {
  return (
    <main>
      <HeadTitle>{title}</HeadTitle>
      {description !== undefined && <HeadMeta name="description" content={description} />}
      <HeadLink rel="canonical" href={`https://shop.test/${title.toLowerCase()}`} />
      <h1>{title}</h1>
    </main>
  );
}

const head = () => document.head.innerHTML;

describe("a page's head tags in the browser", () => {
  beforeEach(() => {
    document.head.innerHTML = '<title>Storybook Shop</title><meta name="description" content="As built">';
  });

  it("take the head's own tag of their kind rather than adding a second, and put nothing in the page", () => {
    const { container } = render(<Page title="FAQ" description="Questions" />);
    expect(document.title).toBe('FAQ');
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', 'Questions');
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'https://shop.test/faq');
    expect(container.innerHTML).toBe('<main><h1>FAQ</h1></main>');
  });

  it('follow the page as it changes, and go with it: the next page shows only its own', () => {
    const { rerender, unmount } = render(<Page title="FAQ" description="Questions" />);
    rerender(<Page title="About" description="Who we are" />);
    expect(document.title).toBe('About');
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', 'Who we are');
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'https://shop.test/about');

    rerender(<Page title="Payment" />);
    expect(document.head.querySelector('meta[name="description"]')).toBeNull();
    unmount();
    // The tab keeps its name while the next page's code comes.
    expect(head()).toBe('<title>Payment</title>');
  });
});
