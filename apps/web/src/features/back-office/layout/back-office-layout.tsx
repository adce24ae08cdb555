// The console's frame: a header with the sections, who is signed in, language, password and logout,
// over the routed page. Below 1024 px the sections and tools fold behind a Menu button.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { ChangePasswordModal } from '../../auth';
import { useMe } from '../../../api/auth-api';
import { LanguageSelect } from '../../../components/ui/language-select';
import { useLogout, useResetApiOnSignedOutExit } from '../../session';
import { useMediaQuery } from '../../../hooks/use-media-query';
import { ApprovalsBadge } from '../components/approvals-badge';

/** The console's own fold (back-office.css), wider than the cashier screens' phone width (NARROW_QUERY). */
const CONSOLE_MENU_FOLDED_QUERY = '(max-width: 1023px)';

export function BackOfficeLayout() {
  const { t } = useTranslation('backOffice');
  const me = useMe();
  const narrow = useMediaQuery(CONSOLE_MENU_FOLDED_QUERY, false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);
  const { logout, isLoggingOut } = useLogout();

  useResetApiOnSignedOutExit();
  useEffect(() => {
    document.title = `${t('title')} · ${t('common:appName')}`;
  }, [t]);

  const venueId = me?.role === 'manager' ? me.account_id : null;
  const sections = [
    venueId !== null
      ? { to: `/back-office/accounts/${venueId}`, label: t('nav.myAccount') }
      : { to: '/back-office/accounts', label: t('nav.accounts') },
    // A manager's payouts waiting for them, one click away with their count (four eyes).
    ...(venueId !== null
      ? [{ to: `/back-office/accounts/${venueId}/approvals`, label: t('nav.approvals'), venueId }]
      : []),
    { to: '/back-office/users', label: t('nav.users') },
    { to: '/back-office/audit', label: t('nav.audit') },
    { to: '/back-office/reconciliation', label: t('nav.reconciliation') },
  ];
  const showTools = !narrow || menuOpen;

  return (
    <div className="bo-layout">
      <header className="bo-header">
        <div className="bo-header__brand">
          <span className="bo-header__app">{t('common:appName')}</span>
          <span className="bo-header__title">{t('title')}</span>
        </div>
        {narrow && (
          <button
            type="button"
            className="bo-header__menu"
            aria-expanded={menuOpen}
            aria-controls="bo-header-tools"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {t('nav.menu')}
          </button>
        )}
        <div id="bo-header-tools" className="bo-header__tools" hidden={!showTools}>
          <nav aria-label={t('nav.label')}>
            <ul className="bo-nav">
              {sections.map((s) => (
                <li key={s.to}>
                  <NavLink
                    to={s.to}
                    // Following a link closes the folded menu.
                    onClick={() => setMenuOpen(false)}
                    className={({ isActive }) =>
                      isActive ? 'bo-nav__link bo-nav__link--active' : 'bo-nav__link'
                    }
                  >
                    {s.label}
                    {'venueId' in s && s.venueId !== undefined && <ApprovalsBadge accountId={s.venueId} />}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="bo-header__user">
            <span className="bo-header__who">
              <strong>{me?.name}</strong> <span className="bo-muted">{me ? t(`roles.${me.role}`) : ''}</span>
            </span>
            <LanguageSelect />
            <button type="button" onClick={() => setChangingPassword(true)} aria-haspopup="dialog">
              {t('nav.changePassword')}
            </button>
            <button type="button" onClick={() => !isLoggingOut && void logout()} aria-disabled={isLoggingOut}>
              {isLoggingOut ? t('navigation:loggingOut') : t('navigation:logout')}
            </button>
          </div>
        </div>
      </header>
      <main className="bo-main">
        <Outlet />
      </main>
      {changingPassword && <ChangePasswordModal onClose={() => setChangingPassword(false)} />}
    </div>
  );
}
