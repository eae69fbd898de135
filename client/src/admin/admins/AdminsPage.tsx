import { useMutation, useQuery } from '@apollo/client/react';
import { type FormEvent, useState } from 'react';

import { PageTitle } from '../../ui/PageTitle';
import { DashboardHeader } from '../dashboard/DashboardHeader';
import { formatDateTime } from '../order-format';
import { type AdminRole, useAdminSession, useIsOwner } from '../session/admin-session-context';
import { RequireAdmin } from '../session/RequireAdmin';
import { useExpireOnUnauthenticated } from '../session/use-expire-on-unauthenticated';
import { ADMINS_MESSAGES, ROLE_HINTS, ROLE_LABELS } from './admins-messages';
import {
  ADMINS_QUERY,
  CHANGE_PASSWORD_MUTATION,
  DISABLE_ADMIN_MUTATION,
  ENABLE_ADMIN_MUTATION,
  INVITE_ADMIN_MUTATION,
  PENDING_INVITATIONS_QUERY,
  REVOKE_INVITATION_MUTATION,
  SET_ADMIN_ROLE_MUTATION,
} from './admins-operations';
import './admins.css';

/**
 * /admin/admins: who can run the shop and with which role, and your own password. Owners also
 * invite, change roles, disable and revoke invitations; a studio member sees the team only.
 */
export function AdminsPage() {
  const owner = useIsOwner();
  return (
    <RequireAdmin>
      <PageTitle>Admins</PageTitle>
      <div className="admin-dashboard">
        <DashboardHeader />
        <main className="admin-dashboard__main admins-page" id="admin-main">
          <h1 className="admin-dashboard__title">Admins</h1>
          <AdminsList />
          {owner && <InviteAdminForm />}
          {owner && <PendingInvitations />}
          <ChangePasswordForm />
        </main>
      </div>
    </RequireAdmin>
  );
}

function AdminsList() {
  const { currentUser } = useAdminSession();
  const owner = useIsOwner();
  const { data, error, loading } = useQuery(ADMINS_QUERY, { fetchPolicy: 'cache-and-network' });
  const [setRole] = useMutation(SET_ADMIN_ROLE_MUTATION);
  const [notice, setNotice] = useState<string | null>(null);
  const expired = useExpireOnUnauthenticated(error);
  // Disabling an admin withdraws the invitations they sent.
  const [disable] = useMutation(DISABLE_ADMIN_MUTATION, { refetchQueries: ['PendingAdminInvitations'] });
  const [enable] = useMutation(ENABLE_ADMIN_MUTATION);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  async function toggle(adminId: string, disabled: boolean) {
    if (busyId) return;
    setBusyId(adminId);
    setMessage(null);
    setNotice(null);
    try {
      const { data: result } = disabled ? await enable({ variables: { adminId } }) : await disable({ variables: { adminId } });
      const payload = result && ('enableAdmin' in result ? result.enableAdmin : result.disableAdmin);
      if (payload?.userErrors[0]) setMessage(payload.userErrors[0].message);
    } catch {
      setMessage(ADMINS_MESSAGES.failed);
    }
    setBusyId(null);
  }

  async function changeRole(adminId: string, email: string, role: AdminRole) {
    if (busyId) return;
    setBusyId(adminId);
    setMessage(null);
    setNotice(null);
    try {
      const { data: result } = await setRole({ variables: { adminId, role } });
      const refusal = result?.setAdminRole.userErrors[0];
      if (refusal) setMessage(refusal.message);
      else if (result?.setAdminRole.admin) setNotice(ADMINS_MESSAGES.roleChanged(email, role));
      else setMessage(ADMINS_MESSAGES.failed);
    } catch {
      setMessage(ADMINS_MESSAGES.failed);
    }
    setBusyId(null);
  }

  if (expired) return null;
  return (
    <section className="admins-section" aria-labelledby="admins-list-title">
      <h2 id="admins-list-title" className="admins-section__title">
        Everyone who can sign in
      </h2>
      {message && (
        <p className="admin-alert admin-alert--error" role="alert">
          {message}
        </p>
      )}
      {notice && (
        <p className="admin-alert admin-alert--success" role="status">
          {notice}
        </p>
      )}
      {error && !data && (
        <p className="admin-alert admin-alert--error" role="alert">
          {ADMINS_MESSAGES.loadFailed}
        </p>
      )}
      {!data && loading && <p role="status">Loading admins…</p>}
      {data && (
        <ul className="admins-list">
          {data.admins.map((admin) => {
            const self = admin.id === currentUser?.id;
            const disabled = admin.disabledAt !== null && admin.disabledAt !== undefined;
            return (
              <li key={admin.id} className="admins-list__item" aria-label={admin.email}>
                <div className="admins-list__who">
                  <span className="admins-list__email">{admin.email}</span>
                  {self && <span className="admins-list__you"> (you)</span>}
                </div>
                <dl className="admins-list__facts">
                  <div>
                    <dt>Role</dt>
                    <dd>
                      {owner ? (
                        <select
                          className="admin-field__control admins-list__role"
                          aria-label={`Role of ${admin.email}`}
                          value={admin.role}
                          disabled={busyId !== null}
                          onChange={(event) => void changeRole(admin.id, admin.email, event.target.value as AdminRole)}
                        >
                          {(['OWNER', 'STUDIO'] as const).map((role) => (
                            <option key={role} value={role}>
                              {ROLE_LABELS[role]}
                            </option>
                          ))}
                        </select>
                      ) : (
                        ROLE_LABELS[admin.role]
                      )}
                    </dd>
                  </div>
                  <div>
                    <dt>Added</dt>
                    <dd>{formatDateTime(admin.createdAt)}</dd>
                  </div>
                  <div>
                    <dt>Last sign-in</dt>
                    <dd>{admin.lastLoginAt ? formatDateTime(admin.lastLoginAt) : 'Never'}</dd>
                  </div>
                  <div>
                    <dt>Status</dt>
                    <dd>
                      <span className={`admins-status admins-status--${disabled ? 'disabled' : 'active'}`}>
                        {disabled ? 'Disabled' : 'Active'}
                      </span>
                    </dd>
                  </div>
                </dl>
                {owner && !self && (
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    aria-disabled={busyId !== null}
                    onClick={() => void toggle(admin.id, disabled)}
                  >
                    {disabled ? `Enable ${admin.email}` : `Disable ${admin.email}`}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function InviteAdminForm() {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AdminRole>('STUDIO');
  const [message, setMessage] = useState<string | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [invite, { loading }] = useMutation(INVITE_ADMIN_MUTATION, { refetchQueries: ['PendingAdminInvitations'] });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    if (!email.trim()) {
      setMessage(ADMINS_MESSAGES.emailRequired);
      return;
    }
    setMessage(null);
    setLink(null);
    setCopied(false);
    try {
      const { data } = await invite({ variables: { email: email.trim(), role } });
      const payload = data?.inviteAdmin;
      if (payload?.userErrors[0]) setMessage(payload.userErrors[0].message);
      else if (payload?.invitation) {
        setLink(payload.invitation.link);
        setEmail('');
      } else setMessage(ADMINS_MESSAGES.failed);
    } catch {
      setMessage(ADMINS_MESSAGES.failed);
    }
  }

  async function copy() {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  return (
    <section className="admins-section" aria-labelledby="invite-admin-title">
      <h2 id="invite-admin-title" className="admins-section__title">
        Add an admin
      </h2>
      <p className="admins-section__hint">We e-mail them a link to choose a password. The link works once, for 72 hours.</p>
      <form className="admin-form admins-form" onSubmit={onSubmit} noValidate>
        {message && (
          <p className="admin-alert admin-alert--error" role="alert">
            {message}
          </p>
        )}
        <div className="admin-field">
          <label htmlFor="invite-email" className="admin-field__label">
            Email of the new admin
          </label>
          <input
            id="invite-email"
            className="admin-field__control"
            type="email"
            autoComplete="off"
            inputMode="email"
            spellCheck="false"
            value={email}
            aria-invalid={message ? true : undefined}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <fieldset className="admin-field admins-form__roles">
          <legend className="admin-field__label">What they may do</legend>
          {(['STUDIO', 'OWNER'] as const).map((value) => (
            <div key={value} className="admins-form__role">
              <input
                id={`invite-role-${value}`}
                type="radio"
                name="invite-role"
                value={value}
                checked={role === value}
                aria-describedby={`invite-role-${value}-hint`}
                onChange={() => setRole(value)}
              />
              <label htmlFor={`invite-role-${value}`}>
                <strong>{ROLE_LABELS[value]}</strong>
                <span id={`invite-role-${value}-hint`} className="admins-form__role-hint">
                  {ROLE_HINTS[value]}
                </span>
              </label>
            </div>
          ))}
        </fieldset>
        <button type="submit" className="button button--primary" aria-disabled={loading}>
          {loading ? 'Sending invitation…' : 'Send invitation'}
        </button>
      </form>
      {link && (
        <div className="admins-invite-link" role="status">
          <p>Invitation sent. You can also share this link yourself; it is shown only now:</p>
          <div className="admins-invite-link__row">
            <input
              className="admin-field__control"
              readOnly
              value={link}
              aria-label="Invitation link"
              onFocus={(e) => e.target.select()}
            />
            <button type="button" className="button button--secondary button--small" onClick={() => void copy()}>
              Copy link
            </button>
          </div>
          {copied && <p className="admins-invite-link__copied">{ADMINS_MESSAGES.copied}</p>}
        </div>
      )}
    </section>
  );
}

function PendingInvitations() {
  const { data, error } = useQuery(PENDING_INVITATIONS_QUERY, { fetchPolicy: 'cache-and-network' });
  const [revoke] = useMutation(REVOKE_INVITATION_MUTATION, { refetchQueries: ['PendingAdminInvitations'] });
  const [busyId, setBusyId] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  async function onRevoke(invitationId: string) {
    if (busyId) return;
    setBusyId(invitationId);
    setMessage(null);
    try {
      const { data: result } = await revoke({ variables: { invitationId }, awaitRefetchQueries: true });
      const refusal = result?.revokeAdminInvitation.userErrors[0];
      setMessage(refusal ? refusal.message : ADMINS_MESSAGES.invitationRevoked);
    } catch {
      setMessage(ADMINS_MESSAGES.failed);
    }
    setBusyId(null);
  }

  const invitations = data?.adminInvitations ?? [];
  if (!message && !error && invitations.length === 0) return null;
  return (
    <section className="admins-section" aria-labelledby="pending-invitations-title">
      <h2 id="pending-invitations-title" className="admins-section__title">
        Invitations not yet accepted
      </h2>
      {message && (
        <p
          className={`admin-alert admin-alert--${message === ADMINS_MESSAGES.invitationRevoked ? 'success' : 'error'}`}
          role={message === ADMINS_MESSAGES.invitationRevoked ? 'status' : 'alert'}
        >
          {message}
        </p>
      )}
      {error && !data && (
        <p className="admin-alert admin-alert--error" role="alert">
          {ADMINS_MESSAGES.invitationsLoadFailed}
        </p>
      )}
      {invitations.length === 0 && !error && <p className="admins-section__hint">No invitation is waiting.</p>}
      {invitations.length > 0 && (
        <ul className="admins-list">
          {invitations.map((invitation) => (
            <li key={invitation.id} className="admins-list__item" aria-label={`Invitation for ${invitation.email}`}>
              <div className="admins-list__who">
                <span className="admins-list__email">{invitation.email}</span>
              </div>
              <dl className="admins-list__facts">
                <div>
                  <dt>Role</dt>
                  <dd>{ROLE_LABELS[invitation.role]}</dd>
                </div>
                <div>
                  <dt>Invited by</dt>
                  <dd>{invitation.invitedBy}</dd>
                </div>
                <div>
                  <dt>Sent</dt>
                  <dd>{formatDateTime(invitation.createdAt)}</dd>
                </div>
                <div>
                  <dt>Link works until</dt>
                  <dd>{formatDateTime(invitation.expiresAt)}</dd>
                </div>
              </dl>
              <button
                type="button"
                className="button button--secondary button--small"
                aria-disabled={busyId !== null}
                onClick={() => void onRevoke(invitation.id)}
              >
                {`Revoke invitation for ${invitation.email}`}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ChangePasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<{ field: string | null; message: string } | null>(null);
  const [done, setDone] = useState(false);
  const [change, { loading }] = useMutation(CHANGE_PASSWORD_MUTATION);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    setDone(false);
    if (next !== repeat) {
      setError({ field: 'repeat', message: ADMINS_MESSAGES.passwordsDiffer });
      return;
    }
    setError(null);
    try {
      const { data } = await change({ variables: { currentPassword: current, newPassword: next } });
      const refusal = data?.changePassword.userErrors[0];
      if (refusal) setError({ field: refusal.field ?? null, message: refusal.message });
      else {
        setDone(true);
        setCurrent('');
        setNext('');
        setRepeat('');
      }
    } catch {
      setError({ field: null, message: ADMINS_MESSAGES.failed });
    }
  }

  const invalid = (field: string) => (error?.field === field ? true : undefined);
  return (
    <section className="admins-section" aria-labelledby="change-password-title">
      <h2 id="change-password-title" className="admins-section__title">
        Change your password
      </h2>
      <form className="admin-form admins-form" onSubmit={onSubmit} noValidate>
        {error && (
          <p className="admin-alert admin-alert--error" role="alert">
            {error.message}
          </p>
        )}
        {done && (
          <p className="admin-alert admin-alert--success" role="status">
            {ADMINS_MESSAGES.passwordChanged}
          </p>
        )}
        <div className="admin-field">
          <label htmlFor="current-password" className="admin-field__label">
            Current password
          </label>
          <input
            id="current-password"
            className="admin-field__control"
            type="password"
            autoComplete="current-password"
            value={current}
            aria-invalid={invalid('currentPassword')}
            onChange={(event) => setCurrent(event.target.value)}
          />
        </div>
        <div className="admin-field">
          <label htmlFor="new-password" className="admin-field__label">
            New password (at least 12 characters)
          </label>
          <input
            id="new-password"
            className="admin-field__control"
            type="password"
            autoComplete="new-password"
            value={next}
            aria-invalid={invalid('newPassword')}
            onChange={(event) => setNext(event.target.value)}
          />
        </div>
        <div className="admin-field">
          <label htmlFor="repeat-password" className="admin-field__label">
            New password again
          </label>
          <input
            id="repeat-password"
            className="admin-field__control"
            type="password"
            autoComplete="new-password"
            value={repeat}
            aria-invalid={invalid('repeat')}
            onChange={(event) => setRepeat(event.target.value)}
          />
        </div>
        <button type="submit" className="button button--primary" aria-disabled={loading}>
          {loading ? 'Changing password…' : 'Change password'}
        </button>
      </form>
    </section>
  );
}
