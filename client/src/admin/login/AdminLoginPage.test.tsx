import { screen, waitFor } from '@testing-library/react';

import {
  ADMIN,
  currentPath,
  loginMock,
  meMock,
  ordersMock,
  renderAdmin,
  videoLimitMock,
} from '../../../../test/support/client/admin/admin-mocks';

const CREDENTIALS = { email: 'staff@storybookshop.com', password: 'correct horse' };
const dashboardMocks = () => [ordersMock({ orders: [] }), videoLimitMock()];

async function fillAndSubmit(user: ReturnType<typeof renderAdmin>['user'], email: string, password: string) {
  const emailField = await screen.findByLabelText('Email');
  if (email) await user.type(emailField, email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('AdminLoginPage', () => {
  it('has labelled e-mail and password fields with the right types and autocomplete', async () => {
    renderAdmin('/admin', [meMock(null)]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
  });

  it.each([
    ['', ''],
    ['staff@storybookshop.com', ''],
    ['', 'correct horse'],
    ['   ', 'correct horse'],
  ])('asks for both fields (email %j, password %j) without sending anything', async (email, password) => {
    // No login mock: a request would fail the test with "no more mocked responses".
    const { user } = renderAdmin('/admin', [meMock(null)]);
    await fillAndSubmit(user, email, password);
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter both email and password');
    expect(currentPath()).toBe('/admin');
  });

  it("shows 'Logging in...' while signing in, then goes to the dashboard", async () => {
    const { user } = renderAdmin('/admin', [meMock(null), loginMock(CREDENTIALS, { admin: ADMIN }, 50), ...dashboardMocks()]);
    await fillAndSubmit(user, CREDENTIALS.email, CREDENTIALS.password);
    expect(screen.getByRole('button', { name: 'Logging in...' })).toHaveAttribute('aria-disabled', 'true');
    await waitFor(() => expect(currentPath()).toBe('/admin/dashboard'));
    expect(await screen.findByText(ADMIN.email)).toBeInTheDocument();
  });

  it("shows the server's message when it refuses the credentials", async () => {
    const { user } = renderAdmin('/admin', [meMock(null), loginMock(CREDENTIALS, { userErrors: ['Invalid email or password'] })]);
    await fillAndSubmit(user, CREDENTIALS.email, CREDENTIALS.password);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(screen.getByRole('button', { name: 'Login' })).not.toHaveAttribute('aria-disabled', 'true');
    expect(currentPath()).toBe('/admin');
  });

  it("says 'Failed to login' when the server answers with neither an admin nor a reason", async () => {
    const { user } = renderAdmin('/admin', [meMock(null), loginMock(CREDENTIALS, { admin: null })]);
    await fillAndSubmit(user, CREDENTIALS.email, CREDENTIALS.password);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to login');
  });

  it.each(['network', 'graphql'] as const)("says 'An error occurred during login' on a %s error", async (kind) => {
    const { user } = renderAdmin('/admin', [meMock(null), loginMock(CREDENTIALS, kind)]);
    await fillAndSubmit(user, CREDENTIALS.email, CREDENTIALS.password);
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred during login');
  });

  it('sends an admin who is already signed in straight to the dashboard', async () => {
    renderAdmin('/admin', [meMock(ADMIN), ...dashboardMocks()]);
    await waitFor(() => expect(currentPath()).toBe('/admin/dashboard'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });
});
