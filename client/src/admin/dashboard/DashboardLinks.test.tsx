import { screen, waitFor, within } from '@testing-library/react';

import {
  anOrder,
  currentPath,
  meMock,
  orderDetailMock,
  ordersMock,
  renderAdmin,
  STUDIO_ADMIN,
  videoLimitMock,
} from '../../../../test/support/client/admin/admin-mocks';

describe('the dashboard: links in and out', () => {
  it("opens the order's panel from ?order= (the link in a staff e-mail), and drops it from the address on close", async () => {
    const order = anOrder({ childName: 'Linked' });
    const { user } = renderAdmin(`/admin/dashboard?order=${order.id}`, [
      meMock(),
      ordersMock({ orders: [order] }),
      videoLimitMock(),
      orderDetailMock(order),
    ]);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('heading', { level: 2, name: "Linked's order" })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(currentPath()).toBe('/admin/dashboard');
  });

  it('offers the CSV export of the current filter and search, next to Refresh', async () => {
    renderAdmin('/admin/dashboard?status=Paid&q=mia', [
      meMock(),
      ordersMock({ orders: [anOrder()], filter: { status: 'Paid', search: 'mia' } }),
      videoLimitMock(),
    ]);
    const link = await screen.findByRole('link', { name: 'Export CSV' });
    expect(link).toHaveAttribute('href', '/admin/orders.csv?status=Paid&q=mia');
    expect(link).toHaveAttribute('download');
  });

  it('offers a studio member no CSV export: the customer list stays with the owners', async () => {
    renderAdmin('/admin/dashboard', [
      meMock(STUDIO_ADMIN),
      ordersMock({ orders: [anOrder({ childName: 'Kai' })] }),
      videoLimitMock(),
    ]);
    expect(await screen.findByRole('row', { name: /Kai/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Export CSV' })).not.toBeInTheDocument();
  });
});
