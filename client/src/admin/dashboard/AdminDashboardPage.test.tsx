import { act, cleanup, screen, waitFor, within } from '@testing-library/react';

import { createApolloClient } from '../../apollo';
import { formatDateTime } from '../order-format';
import { unfinishedUploadKey } from '../upload/unfinished-uploads';
import { PAGE_SIZE } from './use-orders-list';
import {
  ADMIN,
  anOrder,
  currentPath,
  loginMock,
  logoutMock,
  meMock,
  ordersErrorMock,
  ordersData,
  ordersMock,
  renderAdmin,
  renderAdminWithClient,
  videoLimitMock,
} from '../../../../test/support/client/admin/admin-mocks';
import { fakeGraphqlFetch } from '../../../../test/support/client/admin/fake-graphql-fetch';

const DASHBOARD = '/admin/dashboard';
const table = () => screen.getByRole('table');
const rowOf = (childName: string) => screen.getByRole('row', { name: new RegExp(childName) });

describe('AdminDashboardPage: the session', () => {
  it('shows a spinner while the session is read, then sends a signed-out visitor to /admin', async () => {
    renderAdmin(DASHBOARD, [{ ...meMock(null), delay: 30 }]);
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session…');
    await waitFor(() => expect(currentPath()).toBe('/admin'));
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
  });

  it("shows the admin's e-mail and logs out to /admin", async () => {
    const { user } = renderAdmin(DASHBOARD, [meMock(), ordersMock({ orders: [anOrder()] }), videoLimitMock(), logoutMock()]);
    const header = await screen.findByRole('banner');
    expect(within(header).getByText(ADMIN.email)).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', DASHBOARD);
    await user.click(within(header).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(currentPath()).toBe('/admin'));
    expect(await screen.findByLabelText('Password')).toBeInTheDocument();
  });

  it('forgets the unfinished video uploads kept in this browser at logout, and only at logout', async () => {
    localStorage.setItem(unfinishedUploadKey('order-1'), '{"orderId":"order-1"}');
    localStorage.setItem('another.setting', 'kept');
    try {
      const { user } = renderAdmin(DASHBOARD, [meMock(), ordersMock({ orders: [anOrder()] }), videoLimitMock(), logoutMock()]);
      const header = await screen.findByRole('banner');
      expect(localStorage.getItem(unfinishedUploadKey('order-1'))).not.toBeNull();
      await user.click(within(header).getByRole('button', { name: 'Logout' }));
      await waitFor(() => expect(currentPath()).toBe('/admin'));
      expect(localStorage.getItem(unfinishedUploadKey('order-1'))).toBeNull();
      expect(localStorage.getItem('another.setting')).toBe('kept');
    } finally {
      localStorage.clear();
    }
  });

  it("forgets the signed-out admin's orders: signing in again asks the server afresh", async () => {
    const credentials = { email: ADMIN.email, password: 'correct horse' };
    const { user } = renderAdmin(DASHBOARD, [
      meMock(),
      ordersMock({ orders: [anOrder({ childName: 'Before' })] }),
      videoLimitMock(),
      logoutMock(),
      loginMock(credentials, { admin: ADMIN }),
      ordersMock({ orders: [anOrder({ childName: 'After' })] }),
    ]);
    await screen.findByText('Before');
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await user.type(await screen.findByLabelText('Email'), credentials.email);
    await user.type(screen.getByLabelText('Password'), credentials.password);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    // A cache kept from the last session would show "Before" at once.
    expect(await screen.findByText('After')).toBeInTheDocument();
    expect(screen.queryByText('Before')).not.toBeInTheDocument();
  });

  it('goes back to /admin when the server says the session has expired (UNAUTHENTICATED)', async () => {
    renderAdmin(DASHBOARD, [meMock(), ordersErrorMock('unauthenticated'), videoLimitMock()]);
    await waitFor(() => expect(currentPath()).toBe('/admin'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your session has expired. Please log in again.');
    expect(screen.queryByText('Failed to fetch orders')).not.toBeInTheDocument();
  });
});

describe('AdminDashboardPage: the orders table', () => {
  it("shows 'Loading orders...' then one row per order with the spec's columns", async () => {
    const paid = anOrder({ childName: 'Mia', email: 'mia.parent@example.com', status: 'Paid' });
    renderAdmin(DASHBOARD, [meMock(), ordersMock({ orders: [paid], delay: 30 }), videoLimitMock()]);
    expect(await screen.findByText('Loading orders...')).toBeInTheDocument();
    await screen.findByRole('table');

    const headers = within(table())
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Order ID', 'Child Name', 'Email', 'Story Type', 'Status', 'Created At', 'Actions']);
    const row = rowOf('Mia');
    expect(within(row).getByRole('rowheader')).toHaveTextContent(`${paid.id.slice(0, 8)}...`);
    expect(within(row).getByRole('rowheader')).not.toHaveTextContent(paid.id);
    expect(row).toHaveTextContent('mia.parent@example.com');
    expect(row).toHaveTextContent('Digital · Kindness');
    expect(within(row).getByText(formatDateTime(String(paid.createdAt)))).toHaveAttribute('datetime', paid.createdAt);
    expect(within(row).getByText('Paid')).toHaveClass('status-badge', 'status-badge--paid');
    expect(screen.getByText('1 order')).toBeInTheDocument();
  });

  it('says "More than 1,000 orders" when the server stopped counting a search, and groups the digits of an exact total', async () => {
    renderAdmin(DASHBOARD, [
      meMock(),
      ordersMock({ orders: [anOrder()], totalCount: 1000, exact: false, hasNextPage: true }),
      videoLimitMock(),
    ]);
    expect(await screen.findByText('More than 1,000 orders')).toBeInTheDocument();
    cleanup();

    renderAdmin(DASHBOARD, [
      meMock(),
      ordersMock({ orders: [anOrder()], totalCount: 1234567, hasNextPage: true }),
      videoLimitMock(),
    ]);
    expect(await screen.findByText('1,234,567 orders')).toBeInTheDocument();
  });

  it('offers Upload Video only for Paid, View Video only for Completed with a video, View Photo with a photo', async () => {
    const pending = anOrder({ childName: 'Pip', status: 'Pending', paidAt: null });
    const paid = anOrder({ childName: 'Mia', status: 'Paid' });
    const completed = anOrder({ childName: 'Leo', status: 'Completed', videoUrl: 'https://shop.test/media/v.mp4?sig=2' });
    const completedNoVideo = anOrder({ childName: 'Ada', status: 'Completed', videoUrl: null, photoUrl: null });
    renderAdmin(DASHBOARD, [
      meMock(),
      ordersMock({ orders: [pending, paid, completed, completedNoVideo], totalCount: 57, hasNextPage: true }),
      videoLimitMock(),
    ]);
    await screen.findByRole('table');
    expect(screen.getByText('57 orders')).toBeInTheDocument();

    const actions = (name: string) => {
      const row = within(rowOf(name));
      return {
        upload: row.queryByRole('button', { name: /^Upload Video/ }),
        video: row.queryByRole('link', { name: /^View Video/ }),
        photo: row.queryByRole('link', { name: /^View Photo/ }),
        details: row.queryByRole('button', { name: /^Details/ }),
      };
    };

    expect(actions('Pip')).toMatchObject({ upload: null, video: null, details: expect.anything() });
    expect(actions('Pip').photo).toHaveAttribute('href', pending.photoUrl);

    const mia = actions('Mia');
    expect(mia.upload).toHaveAttribute('aria-haspopup', 'dialog');
    expect(mia.video).toBeNull();

    const leo = actions('Leo');
    expect(leo.upload).toBeNull();
    expect(leo.video).toHaveAttribute('href', completed.videoUrl);
    expect(leo.video).toHaveAttribute('target', '_blank');
    expect(leo.video).toHaveAttribute('rel', 'noopener noreferrer');
    expect(leo.photo).toHaveAttribute('rel', 'noopener noreferrer');

    expect(actions('Ada')).toMatchObject({ upload: null, video: null, photo: null });
  });

  it("says 'No orders found.' when there are none", async () => {
    renderAdmin(DASHBOARD, [meMock(), ordersMock({ orders: [] }), videoLimitMock()]);
    expect(await screen.findByText('No orders found.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it.each([
    ['graphql', 'Failed to fetch orders'],
    ['network', 'An error occurred while fetching orders'],
  ] as const)('a %s error says %s', async (kind, message) => {
    renderAdmin(DASHBOARD, [meMock(), ordersErrorMock(kind), videoLimitMock()]);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(currentPath()).toBe(DASHBOARD);
  });

  it('renders a child name full of markup as plain text', async () => {
    const name = '<img src=x onerror=alert(1)>';
    renderAdmin(DASHBOARD, [meMock(), ordersMock({ orders: [anOrder({ childName: name })] }), videoLimitMock()]);
    await screen.findByRole('table');
    expect(within(table()).getByText(name)).toBeInTheDocument();
    expect(table().querySelector('img')).toBeNull();
  });
});

describe('AdminDashboardPage: filters, search, refresh and pages', () => {
  it('asks the server for the chosen status and keeps it in the URL', async () => {
    const paid = anOrder({ childName: 'Mia', status: 'Paid' });
    const completed = anOrder({ childName: 'Leo', status: 'Completed' });
    const { user } = renderAdmin(DASHBOARD, [
      meMock(),
      ordersMock({ orders: [paid, completed] }),
      ordersMock({ orders: [completed], filter: { status: 'Completed', search: '' } }),
      videoLimitMock(),
    ]);
    await screen.findByRole('table');
    const select = screen.getByLabelText('Status');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All Orders', 'Pending', 'Paid', 'Completed', 'Shipped', 'Cancelled', 'Refunded']);
    await user.selectOptions(select, 'Completed');
    expect(await screen.findByText('1 order')).toBeInTheDocument();
    expect(rowOf('Leo')).toBeInTheDocument();
    expect(screen.queryByText('Mia')).not.toBeInTheDocument();
    expect(currentPath()).toBe(`${DASHBOARD}?status=Completed`);
  });

  it('keeps the rows a new status replaces, marked busy, until its own arrive, and asks for them once', async () => {
    const paid = anOrder({ childName: 'Mia', status: 'Paid' });
    const completed = anOrder({ childName: 'Leo', status: 'Completed' });
    const asked: Array<Record<string, unknown>> = [];
    let answerCompleted: (() => void) | null = null;
    const client = createApolloClient({
      fetch: fakeGraphqlFetch({
        AdminMe: () => ({ data: { me: ADMIN } }),
        VideoUploadLimit: () => videoLimitMock().result,
        AdminOrders: ({ variables }) => {
          asked.push(variables);
          if (!variables.status) return { data: ordersData([paid, completed]) };
          // The new status's answer waits until the test has looked at the list in between.
          return new Promise((resolve) => {
            answerCompleted = () => resolve({ data: ordersData([completed]) });
          });
        },
      }),
    });
    const { user } = renderAdminWithClient(DASHBOARD, client);
    await screen.findByRole('table');
    const list = table().parentElement!;
    expect(list).toHaveAttribute('aria-busy', 'false');
    await user.selectOptions(screen.getByLabelText('Status'), 'Completed');
    await waitFor(() => expect(answerCompleted).not.toBeNull());
    expect(list).toHaveAttribute('aria-busy', 'true');
    expect(rowOf('Mia')).toBeInTheDocument();
    expect(screen.queryByText('Loading orders...')).not.toBeInTheDocument();
    // A new filter is not a refresh: the button keeps its name.
    expect(screen.getByRole('button', { name: 'Refresh' })).not.toHaveAttribute('aria-disabled', 'true');

    act(() => answerCompleted?.());
    expect(await screen.findByText('1 order')).toBeInTheDocument();
    expect(list).toHaveAttribute('aria-busy', 'false');
    expect(rowOf('Leo')).toBeInTheDocument();
    expect(screen.queryByText('Mia')).not.toBeInTheDocument();
    expect(asked).toEqual([{ first: PAGE_SIZE }, { first: PAGE_SIZE, status: 'Completed' }]);
  });

  it("shows a new status's failure instead of the rows it was to replace", async () => {
    const { user } = renderAdmin(DASHBOARD, [
      meMock(),
      ordersMock({ orders: [anOrder({ childName: 'Mia', status: 'Paid' })] }),
      ordersErrorMock('graphql', { status: 'Completed', search: '' }),
      videoLimitMock(),
    ]);
    await screen.findByRole('table');
    await user.selectOptions(screen.getByLabelText('Status'), 'Completed');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch orders');
    expect(screen.queryByText('Mia')).not.toBeInTheDocument();
  });

  it('searches once typing pauses', async () => {
    const mia = anOrder({ childName: 'Mia' });
    const leo = anOrder({ childName: 'Leo' });
    const { user } = renderAdmin(DASHBOARD, [
      meMock(),
      ordersMock({ orders: [mia, leo] }),
      // Only the whole word is asked for: the keystrokes before the pause send nothing.
      ordersMock({ orders: [leo], filter: { status: null, search: 'Leo' } }),
      videoLimitMock(),
    ]);
    await screen.findByRole('table');
    await user.type(screen.getByRole('searchbox', { name: 'Search orders' }), '  Leo');
    expect(await screen.findByText('1 order')).toBeInTheDocument();
    expect(screen.queryByText('Mia')).not.toBeInTheDocument();
    expect(currentPath()).toBe(`${DASHBOARD}?q=Leo`);
  });

  it('searches at once on Enter', async () => {
    const mia = anOrder({ childName: 'Mia' });
    const leo = anOrder({ childName: 'Leo', email: 'leo@example.com' });
    const { user } = renderAdmin(DASHBOARD, [
      meMock(),
      ordersMock({ orders: [mia, leo] }),
      ordersMock({ orders: [leo], filter: { status: null, search: 'leo@example' } }),
      videoLimitMock(),
    ]);
    await screen.findByRole('table');
    await user.type(screen.getByRole('searchbox', { name: 'Search orders' }), 'leo@example{Enter}');
    expect(await screen.findByText('1 order')).toBeInTheDocument();
    expect(rowOf('Leo')).toBeInTheDocument();
    expect(screen.queryByText('Mia')).not.toBeInTheDocument();
    expect(currentPath()).toBe(`${DASHBOARD}?q=leo%40example`);
  });

  it('Refresh asks the server again instead of the cache', async () => {
    const { user } = renderAdmin(DASHBOARD, [
      meMock(),
      ordersMock({ orders: [anOrder({ childName: 'Mia' })] }),
      ordersMock({ orders: [anOrder({ childName: 'Mia' }), anOrder({ childName: 'Newcomer' })] }),
      videoLimitMock(),
    ]);
    await screen.findByRole('table');
    expect(screen.queryByText('Newcomer')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Newcomer')).toBeInTheDocument();
    expect(screen.getByText('2 orders')).toBeInTheDocument();
  });

  it('Refresh reads Refreshing… until the answer is in, and takes no second press meanwhile', async () => {
    let calls = 0;
    let answerRefresh: (() => void) | null = null;
    const client = createApolloClient({
      fetch: fakeGraphqlFetch({
        AdminMe: () => ({ data: { me: ADMIN } }),
        VideoUploadLimit: () => videoLimitMock().result,
        AdminOrders: () => {
          calls += 1;
          if (calls === 1) return { data: ordersData([anOrder({ childName: 'Mia' })]) };
          return new Promise((resolve) => {
            answerRefresh = () =>
              resolve({ data: ordersData([anOrder({ childName: 'Mia' }), anOrder({ childName: 'Newcomer' })]) });
          });
        },
      }),
    });
    const { user } = renderAdminWithClient(DASHBOARD, client);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    const refreshing = await screen.findByRole('button', { name: 'Refreshing…' });
    expect(refreshing).toHaveAttribute('aria-disabled', 'true');
    await user.click(refreshing);
    expect(calls).toBe(2);

    act(() => answerRefresh?.());
    expect(await screen.findByText('Newcomer')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toHaveAttribute('aria-disabled', 'false');
  });

  it('pages forward with the end cursor and back again', async () => {
    const first = [anOrder({ childName: 'Page1Kid' })];
    const second = [anOrder({ childName: 'Page2Kid' })];
    const { user } = renderAdmin(DASHBOARD, [
      meMock(),
      ordersMock({ orders: first, hasNextPage: true, totalCount: 2 }),
      ordersMock({ orders: second, after: `cursor-${first[0].id}`, totalCount: 2 }),
      videoLimitMock(),
    ]);
    await screen.findByText('Page1Kid');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page2Kid')).toBeInTheDocument();
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    // Back: the first page again, from the cache.
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Page1Kid')).toBeInTheDocument();
  });
});
