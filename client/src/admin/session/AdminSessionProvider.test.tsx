import { screen, waitFor, within } from '@testing-library/react';

import { forgetRouteData, ROUTE_DATA_ELEMENT_ID } from '../../route-data-block';
import {
  ADMIN,
  anOrder,
  currentPath,
  meMock,
  ordersMock,
  renderAdmin,
  type SignedInAdmin,
  videoLimitMock,
} from '../../../../test/support/client/admin/admin-mocks';

const DASHBOARD = '/admin/dashboard';

/** The block the server writes into the shell it sends for an admin address: who is signed in. */
function sessionInPage(me: SignedInAdmin | null) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = ROUTE_DATA_ELEMENT_ID;
  block.textContent = JSON.stringify({ operationName: 'AdminMe', variables: {}, data: { me } });
  document.body.append(block);
}

afterEach(() => {
  forgetRouteData();
});

describe('AdminSessionProvider: who is signed in, from the page the server sent', () => {
  it('shows the dashboard at once, without asking the server who is signed in', async () => {
    sessionInPage(ADMIN);
    // No answer to `me` is mocked: asking would fail, and a failure reads as signed out.
    renderAdmin(DASHBOARD, [ordersMock({ orders: [anOrder({ childName: 'Mia' })] }), videoLimitMock()]);
    expect(screen.queryByText('Checking your session…')).not.toBeInTheDocument();
    const header = screen.getByRole('banner');
    expect(within(header).getByText(ADMIN.email)).toBeInTheDocument();
    expect(await screen.findByText('Mia')).toBeInTheDocument();
    expect(currentPath()).toBe(DASHBOARD);
  });

  it('shows the login form at once when the page says no one is signed in', async () => {
    sessionInPage(null);
    renderAdmin(DASHBOARD, []);
    expect(screen.queryByText('Checking your session…')).not.toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/admin'));
    expect(screen.getByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
  });

  it('asks the server when the page came without the answer', async () => {
    renderAdmin(DASHBOARD, [
      { ...meMock(), delay: 20 },
      ordersMock({ orders: [anOrder({ childName: 'Leo' })] }),
      videoLimitMock(),
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session…');
    expect(await screen.findByText('Leo')).toBeInTheDocument();
  });
});
