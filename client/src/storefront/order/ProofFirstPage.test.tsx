import { render, screen } from '@testing-library/react';

import { ProofFrame } from './ProofFirstPage';

// The layout itself (nothing moves as the page is drawn) is measured in the browser: test/e2e/proofs.spec.ts.
describe("the proof viewer's frame", () => {
  it("holds the page's shape, inside its borders, when the page's size is known", () => {
    render(
      <ProofFrame busy shape={{ width: 432, height: 648 }}>
        <p>Loading the proof…</p>
      </ProofFrame>,
    );
    const frame = screen.getByText('Loading the proof…').parentElement!;
    expect(frame).toHaveClass('proof-viewer__frame', 'proof-viewer__frame--shaped');
    expect(frame).toHaveStyle({ aspectRatio: '432 / 648' });
    expect(frame).toHaveAttribute('aria-busy', 'true');
    // The page row is there from the start, its buttons off until the PDF is read.
    expect(screen.getByText('Page 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('takes the shape of what it holds when the size is not known', () => {
    render(
      <ProofFrame shape={null}>
        <p>page</p>
      </ProofFrame>,
    );
    const frame = screen.getByText('page').parentElement!;
    expect(frame).toHaveClass('proof-viewer__frame');
    expect(frame).not.toHaveClass('proof-viewer__frame--shaped');
    expect(frame).not.toHaveAttribute('style');
  });
});
