import { render, screen } from '@testing-library/react';

import { ProofFrame } from './ProofFirstPage';

// The layout itself (nothing moves as the page is drawn; the page fits the screen) is measured in
// the browser: test/e2e/proofs.spec.ts.
describe("the proof viewer's frame", () => {
  it("holds the page's shape, inside its borders, until the page is drawn, no wider than lets the page fit the screen", () => {
    render(
      <ProofFrame busy page={{ width: 432, height: 648 }} hold>
        <p>Loading the proof…</p>
      </ProofFrame>,
    );
    const frame = screen.getByText('Loading the proof…').parentElement!;
    expect(frame).toHaveClass('proof-viewer__frame', 'proof-viewer__frame--fitted', 'proof-viewer__frame--held');
    expect(frame).toHaveStyle({ aspectRatio: '432 / 648' });
    // Its inside as wide as a drawn frame's outside: the same page, the same place.
    expect(frame.style.maxWidth).toBe(`calc(max(16rem, calc((100svh - 10rem) * ${432 / 648})) - 2px)`);
    expect(frame).toHaveAttribute('aria-busy', 'true');
    // The page row is there from the start, its buttons off until the PDF is read.
    expect(screen.getByText('Page 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('once the page is drawn, holds no shape but still fits the page to the screen', () => {
    render(
      <ProofFrame page={{ width: 640, height: 427 }}>
        <p>page</p>
      </ProofFrame>,
    );
    const frame = screen.getByText('page').parentElement!;
    expect(frame).toHaveClass('proof-viewer__frame--fitted');
    expect(frame).not.toHaveClass('proof-viewer__frame--held');
    expect(frame.style.aspectRatio).toBe('');
    expect(frame.style.maxWidth).toBe(`max(16rem, calc((100svh - 10rem) * ${640 / 427}))`);
  });

  it('takes the shape and width of what it holds when the size is not known', () => {
    render(
      <ProofFrame page={null} hold>
        <p>page</p>
      </ProofFrame>,
    );
    const frame = screen.getByText('page').parentElement!;
    expect(frame).toHaveClass('proof-viewer__frame');
    expect(frame).not.toHaveClass('proof-viewer__frame--fitted');
    expect(frame).not.toHaveClass('proof-viewer__frame--held');
    expect(frame).not.toHaveAttribute('style');
  });
});
