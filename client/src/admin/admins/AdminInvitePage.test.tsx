import { screen, waitFor } from '@testing-library/react';

import { currentPath, meMock, ordersMock, renderAdmin, videoLimitMock } from '../../../../test/support/client/admin/admin-mocks';
import { ACCEPT_INVITATION_MUTATION, ADMIN_INVITATION_QUERY } from './admins-operations';

const TOKEN = 'invite-token';
const EMAIL = 'new@storybookshop.com';

const invitationMock = (email: string | null) => ({
  request: { query: ADMIN_INVITATION_QUERY, variables: { token: TOKEN } },
  result: { data: { adminInvitation: email ? { __typename: 'AdminInvitationPreview', email } : null } },
});

const acceptMock = (password: string, result: Record<string, unknown>) => ({
  request: { query: ACCEPT_INVITATION_MUTATION, variables: { token: TOKEN, password } },
  result: { data: { acceptAdminInvitation: { __typename: 'AdminUserPayload', ...result } } },
});

describe('AdminInvitePage', () => {
  it('refuses a used or expired link', async () => {
    renderAdmin(`/admin/invite/${TOKEN}`, [meMock(null), invitationMock(null)]);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This invitation link has expired, was withdrawn or has already been used. Ask an admin for a new one.',
    );
    expect(screen.queryByLabelText('Password (at least 12 characters)')).not.toBeInTheDocument();
  });

  it("shows the server's refusal of a too-short password, then signs the new admin in to the dashboard", async () => {
    const { user } = renderAdmin(`/admin/invite/${TOKEN}`, [
      meMock(null),
      invitationMock(EMAIL),
      acceptMock('short', {
        admin: null,
        userErrors: [
          {
            __typename: 'UserError',
            code: 'INVALID_INPUT',
            field: 'password',
            message: 'The password must be at least 12 characters long.',
          },
        ],
      }),
      acceptMock('a long enough password', {
        admin: { __typename: 'AdminUser', id: 'admin-9', email: EMAIL },
        userErrors: [],
      }),
      ordersMock({ orders: [] }),
      videoLimitMock(),
    ]);
    expect(await screen.findByText(EMAIL)).toBeInTheDocument();
    const password = screen.getByLabelText('Password (at least 12 characters)');
    const repeat = screen.getByLabelText('Password again');
    await user.type(password, 'short');
    await user.type(repeat, 'short');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The password must be at least 12 characters long.');

    await user.clear(password);
    await user.clear(repeat);
    await user.type(password, 'a long enough password');
    await user.type(repeat, 'a long enough password');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    await waitFor(() => expect(currentPath()).toBe('/admin/dashboard'));
    expect(await screen.findByText(EMAIL)).toBeInTheDocument();
  });
});
