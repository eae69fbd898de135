import { render, screen } from '@testing-library/react';
import { matchRoutes, MemoryRouter } from 'react-router-dom';

import { AppRoutes, loadRoutePages, routes } from './routes';
import type { LazyPage } from './ui/lazy-page';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
    </MemoryRouter>,
  );
}

describe('loadRoutePages', () => {
  // The layout restores the scroll position of the entry, which jsdom does not implement.
  beforeEach(() => jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('loads the page a path shows, so that it renders at once and not behind its spinner', async () => {
    await loadRoutePages('/terms');

    // Synchronously, with no act to wait for a lazy chunk.
    renderAt('/terms');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/terms/i);
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
  });

  it('loads the not-found page for a path no route names', async () => {
    await loadRoutePages('/no-such-page');

    renderAt('/no-such-page');
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
  });

  it('asks for the admin frame and the page inside it together, for a page that renders with its frame', async () => {
    const pages = (matchRoutes(routes, '/admin/queue') ?? []).map(({ route }) => (route.handle as { page: LazyPage }).page);
    expect(pages).toHaveLength(2);
    const loads = pages.map((page) => jest.spyOn(page, 'load').mockResolvedValue(undefined));

    await loadRoutePages('/admin/queue');
    for (const load of loads) expect(load).toHaveBeenCalledTimes(1);
  });
});
