import { Link, useLocation, useNavigate } from 'react-router-dom';

import { LogoMark } from '../../ui/LogoMark';
import { useAdminSession, useIsOwner } from '../session/admin-session-context';
import { forgetEveryUnfinishedUpload } from '../upload/unfinished-uploads';

/** Spec: a Dashboard link, the signed-in admin's e-mail, and Logout (ends the session, then /admin). */
export function DashboardHeader() {
  const { currentUser, logout, loading, error } = useAdminSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const owner = useIsOwner();
  const current = (path: string) => (pathname === path ? 'page' : undefined);

  async function onLogout() {
    if (loading) return;
    if (!(await logout())) return;
    forgetEveryUnfinishedUpload();
    navigate('/admin', { replace: true });
  }

  return (
    <header className="admin-header">
      <div className="admin-header__inner">
        <nav className="admin-header__nav" aria-label="Admin">
          <span className="admin-header__brand">
            <LogoMark size={32} />
            <span className="admin-header__brand-name">Storybook Shop</span>
          </span>
          <Link to="/admin/dashboard" className="admin-header__link" aria-current={current('/admin/dashboard')}>
            Dashboard
          </Link>
          <Link to="/admin/queue" className="admin-header__link" aria-current={current('/admin/queue')}>
            Needs action
          </Link>
          <Link to="/admin/admins" className="admin-header__link" aria-current={current('/admin/admins')}>
            Admins
          </Link>
          <Link to="/admin/messages" className="admin-header__link" aria-current={current('/admin/messages')}>
            Messages
          </Link>
          {owner && (
            <Link to="/admin/discounts" className="admin-header__link" aria-current={current('/admin/discounts')}>
              Discount codes
            </Link>
          )}
        </nav>
        <div className="admin-header__user">
          <span className="admin-header__email" title={currentUser?.email}>
            {currentUser?.email}
          </span>
          <button type="button" className="button button--secondary button--small" onClick={onLogout} aria-disabled={loading}>
            Logout
          </button>
        </div>
      </div>
      {error && (
        <p className="admin-alert admin-alert--error admin-header__error" role="alert">
          {error}
        </p>
      )}
    </header>
  );
}
