import { type FormEvent, useState } from 'react';
import { Link, Navigate } from 'react-router-dom';

import { LogoMark } from '../../ui/LogoMark';
import { PageTitle } from '../../ui/PageTitle';
import { Spinner } from '../../ui/Spinner';
import { useAdminSession } from '../session/admin-session-context';
import { SESSION_MESSAGES } from '../session/session-messages';

export const DASHBOARD_PATH = '/admin/dashboard';
const MESSAGE_ID = 'admin-login-message';

/** /admin: e-mail and password. A signed-in admin goes straight on to the dashboard. */
export function AdminLoginPage() {
  const session = useAdminSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // The form's own check; the session's error covers what the server (or the network) said.
  const [missing, setMissing] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  if (!session.checked) return <Spinner label="Checking your session…" />;
  // Already signed in, or just signed in with this form.
  if (session.currentUser) return <Navigate to={DASHBOARD_PATH} replace />;

  const message = missing ? SESSION_MESSAGES.bothRequired : session.error;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // aria-disabled, not disabled: the button keeps keyboard focus while busy.
    if (submitting) return;
    if (!email.trim() || !password) {
      setMissing(true);
      return;
    }
    setMissing(false);
    setSubmitting(true);
    // On success the session's new user sends this page on to the dashboard.
    await session.login(email.trim(), password);
    setSubmitting(false);
  }

  return (
    <div className="admin-login">
      <PageTitle>Admin Login</PageTitle>
      <main className="admin-login__card">
        <Link to="/" className="admin-login__brand">
          <LogoMark size={40} />
          <span>Storybook Shop</span>
        </Link>
        <h1 className="admin-login__title">Admin Login</h1>
        <form className="admin-form" onSubmit={onSubmit} noValidate aria-describedby={message ? MESSAGE_ID : undefined}>
          {message && (
            <p id={MESSAGE_ID} className="admin-alert admin-alert--error" role="alert">
              {message}
            </p>
          )}
          <div className="admin-field">
            <label htmlFor="admin-email" className="admin-field__label">
              Email
            </label>
            <input
              id="admin-email"
              className="admin-field__control"
              type="email"
              name="email"
              autoComplete="username"
              inputMode="email"
              spellCheck="false"
              required
              aria-invalid={missing && !email.trim() ? true : undefined}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </div>
          <div className="admin-field">
            <label htmlFor="admin-password" className="admin-field__label">
              Password
            </label>
            <input
              id="admin-password"
              className="admin-field__control"
              type="password"
              name="password"
              autoComplete="current-password"
              required
              aria-invalid={missing && !password ? true : undefined}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </div>
          <button type="submit" className="button button--primary admin-login__submit" aria-disabled={submitting}>
            {submitting ? 'Logging in...' : 'Login'}
          </button>
        </form>
      </main>
    </div>
  );
}
