import { useMutation, useQuery } from '@apollo/client/react';
import { type FormEvent, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';

import { LogoMark } from '../../ui/LogoMark';
import { PageTitle } from '../../ui/PageTitle';
import { Spinner } from '../../ui/Spinner';
import { useAdminSession } from '../session/admin-session-context';
import { ADMINS_MESSAGES } from './admins-messages';
import { ACCEPT_INVITATION_MUTATION, ADMIN_INVITATION_QUERY } from './admins-operations';

const MESSAGE_ID = 'admin-invite-message';

/** /admin/invite/:token: the invitee chooses a password and is signed in. A used or expired link is refused. */
export function AdminInvitePage() {
  const { token = '' } = useParams();
  const session = useAdminSession();
  const { data, loading } = useQuery(ADMIN_INVITATION_QUERY, { variables: { token }, fetchPolicy: 'network-only' });
  const [accept, accepting] = useMutation(ACCEPT_INVITATION_MUTATION);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [joined, setJoined] = useState(false);

  if (joined) return <Navigate to="/admin/dashboard" replace />;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (accepting.loading) return;
    if (password !== repeat) {
      setMessage(ADMINS_MESSAGES.passwordsDiffer);
      return;
    }
    setMessage(null);
    try {
      const { data: result } = await accept({ variables: { token, password } });
      const payload = result?.acceptAdminInvitation;
      if (payload?.userErrors[0]) setMessage(payload.userErrors[0].message);
      else if (payload?.admin) {
        session.signedIn({ id: payload.admin.id, email: payload.admin.email, role: payload.admin.role });
        setJoined(true);
      } else setMessage(ADMINS_MESSAGES.failed);
    } catch {
      setMessage(ADMINS_MESSAGES.failed);
    }
  }

  const invitation = data?.adminInvitation;
  return (
    <div className="admin-login">
      <PageTitle>Join the admin portal</PageTitle>
      <main className="admin-login__card">
        <Link to="/" className="admin-login__brand">
          <LogoMark size={40} />
          <span>Storybook Shop</span>
        </Link>
        <h1 className="admin-login__title">Join the admin portal</h1>
        {loading && !data && <Spinner label="Checking your invitation…" />}
        {!loading && !invitation && (
          <p className="admin-alert admin-alert--error" role="alert">
            {ADMINS_MESSAGES.invitationInvalid}
          </p>
        )}
        {invitation && (
          <form className="admin-form" onSubmit={onSubmit} noValidate aria-describedby={message ? MESSAGE_ID : undefined}>
            <p>
              Choose a password for <strong>{invitation.email}</strong>.
            </p>
            {message && (
              <p id={MESSAGE_ID} className="admin-alert admin-alert--error" role="alert">
                {message}
              </p>
            )}
            <input type="hidden" name="username" autoComplete="username" value={invitation.email} readOnly />
            <div className="admin-field">
              <label htmlFor="invite-password" className="admin-field__label">
                Password (at least 12 characters)
              </label>
              <input
                id="invite-password"
                className="admin-field__control"
                type="password"
                autoComplete="new-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            </div>
            <div className="admin-field">
              <label htmlFor="invite-password-repeat" className="admin-field__label">
                Password again
              </label>
              <input
                id="invite-password-repeat"
                className="admin-field__control"
                type="password"
                autoComplete="new-password"
                value={repeat}
                onChange={(event) => setRepeat(event.target.value)}
              />
            </div>
            <button type="submit" className="button button--primary" aria-disabled={accepting.loading}>
              {accepting.loading ? 'Setting password…' : 'Set password and sign in'}
            </button>
          </form>
        )}
      </main>
    </div>
  );
}
