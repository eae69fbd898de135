import { act, render, screen } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';

import { lazyPage } from './lazy-page';
import { RouteErrorBoundary } from './RouteErrorBoundary';

jest.mock('../apollo-provider', () => ({
  __esModule: true,
  default: ({ children }: { children: ReactNode }) => <div data-testid="apollo-provider">{children}</div>,
}));

function OrderPage() {
  return <h1>Your order</h1>;
}

const pageModule = () => Promise.resolve({ OrderPage });

/** A page module that arrives when the test says. */
function heldModule() {
  let arrive!: () => void;
  const arrived = new Promise<{ OrderPage: typeof OrderPage }>((resolve) => {
    arrive = () => resolve({ OrderPage });
  });
  return { load: jest.fn(() => arrived), arrive };
}

const inBoundary = (page: ReactNode) => <Suspense fallback={<p>Loading…</p>}>{page}</Suspense>;

describe('lazyPage', () => {
  afterEach(() => jest.restoreAllMocks());

  it("asks for the page's chunk at the first render, beside Apollo's, not after it", async () => {
    const { load, arrive } = heldModule();
    const Page = lazyPage(load, 'OrderPage', { apollo: true });
    await act(async () => render(inBoundary(<Page />)));
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);

    await act(async () => arrive());
    const heading = await screen.findByRole('heading', { name: 'Your order' });
    expect(screen.getByTestId('apollo-provider')).toContainElement(heading);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders a page without Apollo unless it asks for it (its components use no Apollo hook)', async () => {
    const Page = lazyPage(pageModule, 'OrderPage');
    await act(async () => render(inBoundary(<Page />)));
    expect(await screen.findByRole('heading', { name: 'Your order' })).toBeInTheDocument();
    expect(screen.queryByTestId('apollo-provider')).not.toBeInTheDocument();
  });

  it('renders a page whose code is in at once, without its spinner', async () => {
    const load = jest.fn(pageModule);
    const Page = lazyPage(load, 'OrderPage', { apollo: true });
    await Page.load();

    // No act to wait for: the first, synchronous render is the page, never the spinner.
    render(inBoundary(<Page />));
    expect(screen.getByRole('heading', { name: 'Your order' })).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks for a chunk that failed again when it is next asked for ahead', async () => {
    const load = jest
      .fn<Promise<{ OrderPage: typeof OrderPage }>, []>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockImplementation(pageModule);
    const Page = lazyPage(load, 'OrderPage');
    await expect(Page.load()).rejects.toThrow('Failed to fetch dynamically imported module');
    await Page.load();

    render(inBoundary(<Page />));
    expect(screen.getByRole('heading', { name: 'Your order' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shows the error page for a chunk that failed, without asking again on every render', async () => {
    const load = jest.fn(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    const Page = lazyPage(load, 'OrderPage');
    jest.spyOn(console, 'error').mockImplementation(() => undefined);

    await act(async () =>
      render(
        <MemoryRouter>
          <RouteErrorBoundary resetKey="/order">{inBoundary(<Page />)}</RouteErrorBoundary>
        </MemoryRouter>,
      ),
    );
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('Failed to fetch dynamically imported module')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
