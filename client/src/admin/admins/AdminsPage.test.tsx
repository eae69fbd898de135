import { screen, waitFor, within } from '@testing-library/react';

import { ADMIN, meMock, renderAdmin, STUDIO_ADMIN } from '../../../../test/support/client/admin/admin-mocks';
import {
  ADMINS_QUERY,
  CHANGE_PASSWORD_MUTATION,
  DISABLE_ADMIN_MUTATION,
  INVITE_ADMIN_MUTATION,
  PENDING_INVITATIONS_QUERY,
  REVOKE_INVITATION_MUTATION,
  SET_ADMIN_ROLE_MUTATION,
} from './admins-operations';

const OTHER = { __typename: 'AdminUser', id: 'admin-2', email: 'helper.two@storybookshop.com', role: 'STUDIO' } as const;

const adminRow = (admin: { id: string; email: string; role: string }, extra: Record<string, unknown> = {}) => ({
  __typename: 'AdminUser',
  id: admin.id,
  email: admin.email,
  role: admin.role,
  createdAt: '2025-03-01T10:00:00.000Z',
  lastLoginAt: null,
  disabledAt: null,
  ...extra,
});

const adminsMock = (admins = [adminRow(ADMIN, { lastLoginAt: '2025-03-05T14:00:00.000Z' }), adminRow(OTHER)]) => ({
  request: { query: ADMINS_QUERY },
  result: { data: { admins } },
});

const invitation = (email: string) => ({
  __typename: 'PendingAdminInvitation',
  id: `invitation-${email}`,
  email,
  createdAt: '2025-03-05T10:00:00.000Z',
  expiresAt: '2025-03-08T10:00:00.000Z',
  invitedBy: ADMIN.email,
  role: 'STUDIO',
});

/** The pending invitations, as often as the page asks (it asks again after inviting, disabling or revoking). */
const pendingMock = (invitations: ReturnType<typeof invitation>[] = [], maxUsageCount = Number.POSITIVE_INFINITY) => ({
  request: { query: PENDING_INVITATIONS_QUERY },
  result: { data: { adminInvitations: invitations } },
  maxUsageCount,
});

const userErrors = (code: string, field: string | null, message: string) => [{ __typename: 'UserError', code, field, message }];

describe('AdminsPage', () => {
  it('lists each admin with when they were added, their last sign-in and whether they are active', async () => {
    renderAdmin('/admin/admins', [meMock(), pendingMock(), adminsMock()]);
    const me = await screen.findByRole('listitem', { name: ADMIN.email });
    expect(within(me).getByText('(you)')).toBeInTheDocument();
    expect(within(me).getByText('Active')).toBeInTheDocument();
    expect(within(me).queryByRole('button')).not.toBeInTheDocument();
    const other = screen.getByRole('listitem', { name: OTHER.email });
    expect(within(other).getByText('Never')).toBeInTheDocument();
    expect(within(other).getByRole('button', { name: `Disable ${OTHER.email}` })).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Admins' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows the invitation link once, to copy, after inviting', async () => {
    const link = 'http://localhost/admin/invite/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
    const { user } = renderAdmin('/admin/admins', [
      meMock(),
      pendingMock(),
      adminsMock(),
      {
        request: { query: INVITE_ADMIN_MUTATION, variables: { email: 'new@storybookshop.com', role: 'OWNER' } },
        result: {
          data: {
            inviteAdmin: {
              __typename: 'InviteAdminPayload',
              invitation: {
                __typename: 'AdminInvitationCreated',
                email: 'new@storybookshop.com',
                role: 'OWNER',
                expiresAt: '2025-03-08T10:00:00.000Z',
                link,
              },
              userErrors: [],
            },
          },
        },
      },
    ]);
    await user.type(await screen.findByLabelText('Email of the new admin'), ' new@storybookshop.com ');
    expect(screen.getByRole('radio', { name: /^Studio/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /^Owner/ }));
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByLabelText('Invitation link')).toHaveValue(link);
    expect(screen.getByLabelText('Email of the new admin')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(link);
    expect(screen.getByText('Link copied.')).toBeInTheDocument();
  });

  it("shows the server's refusal when inviting an existing admin", async () => {
    const { user } = renderAdmin('/admin/admins', [
      meMock(),
      pendingMock(),
      adminsMock(),
      {
        request: { query: INVITE_ADMIN_MUTATION, variables: { email: OTHER.email, role: 'STUDIO' } },
        result: {
          data: {
            inviteAdmin: {
              __typename: 'InviteAdminPayload',
              invitation: null,
              userErrors: userErrors('INVALID_INPUT', 'email', 'An admin with this email address already exists.'),
            },
          },
        },
      },
    ]);
    await user.type(await screen.findByLabelText('Email of the new admin'), OTHER.email);
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An admin with this email address already exists.');
    expect(screen.queryByLabelText('Invitation link')).not.toBeInTheDocument();
  });

  it('disables another admin and shows them as disabled', async () => {
    const { user } = renderAdmin('/admin/admins', [
      meMock(),
      pendingMock(),
      adminsMock(),
      {
        request: { query: DISABLE_ADMIN_MUTATION, variables: { adminId: OTHER.id } },
        result: {
          data: {
            disableAdmin: {
              __typename: 'AdminUserPayload',
              admin: { __typename: 'AdminUser', id: OTHER.id, disabledAt: '2025-03-06T09:00:00.000Z' },
              userErrors: [],
            },
          },
        },
      },
    ]);
    await user.click(await screen.findByRole('button', { name: `Disable ${OTHER.email}` }));
    const other = screen.getByRole('listitem', { name: OTHER.email });
    expect(await within(other).findByText('Disabled')).toBeInTheDocument();
    expect(within(other).getByRole('button', { name: `Enable ${OTHER.email}` })).toBeInTheDocument();
  });

  it('changes the password, refusing a wrong current one with its message, and two new ones that differ', async () => {
    const { user } = renderAdmin('/admin/admins', [
      meMock(),
      pendingMock(),
      adminsMock(),
      {
        request: { query: CHANGE_PASSWORD_MUTATION, variables: { currentPassword: 'wrong', newPassword: 'a new long password' } },
        result: {
          data: {
            changePassword: {
              __typename: 'AdminUserPayload',
              admin: null,
              userErrors: userErrors('INVALID_CREDENTIALS', 'currentPassword', 'Your current password is not correct.'),
            },
          },
        },
      },
      {
        request: {
          query: CHANGE_PASSWORD_MUTATION,
          variables: { currentPassword: 'right one', newPassword: 'a new long password' },
        },
        result: {
          data: {
            changePassword: { __typename: 'AdminUserPayload', admin: { __typename: 'AdminUser', id: ADMIN.id }, userErrors: [] },
          },
        },
      },
    ]);
    const current = await screen.findByLabelText('Current password');
    const next = screen.getByLabelText('New password (at least 12 characters)');
    const repeat = screen.getByLabelText('New password again');
    const submit = screen.getByRole('button', { name: 'Change password' });

    await user.type(current, 'wrong');
    await user.type(next, 'a new long password');
    await user.type(repeat, 'a different password');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('The two passwords do not match.');

    await user.clear(repeat);
    await user.type(repeat, 'a new long password');
    await user.click(submit);
    expect(await screen.findByText('Your current password is not correct.')).toBeInTheDocument();
    expect(current).toHaveAttribute('aria-invalid', 'true');

    await user.clear(current);
    await user.type(current, 'right one');
    await user.click(submit);
    expect(await screen.findByText('Your password is changed. Your other sessions are signed out.')).toBeInTheDocument();
    await waitFor(() => expect(current).toHaveValue(''));
  });
  it('lists the invitations not yet accepted, and revokes one', async () => {
    const waiting = invitation('waiting@storybookshop.com');
    const { user } = renderAdmin('/admin/admins', [
      meMock(),
      adminsMock(),
      pendingMock([waiting], 1),
      {
        request: { query: REVOKE_INVITATION_MUTATION, variables: { invitationId: waiting.id } },
        result: {
          data: {
            revokeAdminInvitation: { __typename: 'RevokeAdminInvitationPayload', invitationId: waiting.id, userErrors: [] },
          },
        },
      },
      pendingMock([]),
    ]);
    const item = await screen.findByRole('listitem', { name: 'Invitation for waiting@storybookshop.com' });
    expect(within(item).getByText(ADMIN.email)).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'Revoke invitation for waiting@storybookshop.com' }));
    expect(await screen.findByText('The invitation is revoked: its link no longer works.')).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Invitation for waiting@storybookshop.com' })).not.toBeInTheDocument();
    expect(screen.getByText('No invitation is waiting.')).toBeInTheDocument();
  });

  it("shows the server's refusal to revoke", async () => {
    const accepted = invitation('accepted@storybookshop.com');
    const { user } = renderAdmin('/admin/admins', [
      meMock(),
      adminsMock(),
      pendingMock([accepted]),
      {
        request: { query: REVOKE_INVITATION_MUTATION, variables: { invitationId: accepted.id } },
        result: {
          data: {
            revokeAdminInvitation: {
              __typename: 'RevokeAdminInvitationPayload',
              invitationId: null,
              userErrors: userErrors(
                'NOT_ALLOWED',
                'invitationId',
                'This invitation has already been accepted. Disable the admin instead.',
              ),
            },
          },
        },
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Revoke invitation for accepted@storybookshop.com' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This invitation has already been accepted. Disable the admin instead.',
    );
  });

  it("changes an admin's role from the list, and shows the server's refusal to leave the shop without an owner", async () => {
    const { user } = renderAdmin('/admin/admins', [
      meMock(),
      pendingMock(),
      adminsMock(),
      {
        request: { query: SET_ADMIN_ROLE_MUTATION, variables: { adminId: OTHER.id, role: 'OWNER' } },
        result: {
          data: {
            setAdminRole: {
              __typename: 'AdminUserPayload',
              admin: { __typename: 'AdminUser', id: OTHER.id, role: 'OWNER' },
              userErrors: [],
            },
          },
        },
      },
      {
        request: { query: SET_ADMIN_ROLE_MUTATION, variables: { adminId: ADMIN.id, role: 'STUDIO' } },
        result: {
          data: {
            setAdminRole: {
              __typename: 'AdminUserPayload',
              admin: null,
              userErrors: userErrors(
                'NOT_ALLOWED',
                'role',
                'The shop needs at least one active owner: make another admin an owner first.',
              ),
            },
          },
        },
      },
    ]);
    const otherRole = await screen.findByRole('combobox', { name: `Role of ${OTHER.email}` });
    expect(otherRole).toHaveValue('STUDIO');
    await user.selectOptions(otherRole, 'OWNER');
    expect(await screen.findByRole('status')).toHaveTextContent(`${OTHER.email} is now Owner.`);
    await waitFor(() => expect(otherRole).toHaveValue('OWNER'));

    const myRole = screen.getByRole('combobox', { name: `Role of ${ADMIN.email}` });
    await waitFor(() => expect(myRole).toBeEnabled());
    await user.selectOptions(myRole, 'STUDIO');
    expect(await screen.findByRole('alert')).toHaveTextContent('The shop needs at least one active owner');
    expect(myRole).toHaveValue('OWNER');
  });

  it('shows a studio member the team and their password, without inviting, roles, disabling or invitations', async () => {
    renderAdmin('/admin/admins', [meMock(STUDIO_ADMIN), adminsMock([adminRow(ADMIN), adminRow(STUDIO_ADMIN)])]);
    const owner = await screen.findByRole('listitem', { name: ADMIN.email });
    expect(within(owner).getByText('Owner')).toBeInTheDocument();
    expect(within(owner).queryByRole('button')).not.toBeInTheDocument();
    expect(within(owner).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: STUDIO_ADMIN.email })).getByText('Studio')).toBeInTheDocument();
    expect(screen.queryByLabelText('Email of the new admin')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Invitations not yet accepted' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Change your password' })).toBeInTheDocument();
  });
});
