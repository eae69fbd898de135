import { render, screen } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';

import { lazyPage } from './lazy-page';

jest.mock('../apollo-provider', () => ({
  __esModule: true,
  default: ({ children }: { children: ReactNode }) => <div data-testid="apollo-provider">{children}</div>,
}));

function OrderPage() {
  return <h1>Your order</h1>;
}

const pageModule = () => Promise.resolve({ OrderPage });

describe('lazyPage', () => {
  it("asks for the page's chunk at the first render, beside Apollo's, not after it", async () => {
    const load = jest.fn(pageModule);
    const Page = lazyPage(load, 'OrderPage');
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);

    const heading = await screen.findByRole('heading', { name: 'Your order' });
    expect(screen.getByTestId('apollo-provider')).toContainElement(heading);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders a page that does not query without Apollo', async () => {
    const Page = lazyPage(pageModule, 'OrderPage', { apollo: false });
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Page />
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { name: 'Your order' })).toBeInTheDocument();
    expect(screen.queryByTestId('apollo-provider')).not.toBeInTheDocument();
  });
});
