// The console's frame: a header with the sections, who is signed in, language, password and logout,
// over the routed page. Below 1024 px the sections and tools fold behind a Menu button. While a venue is
// shown (a manager's own, or the one an admin picked) the layout holds its live stream, counts its open
// alerts on the menu and, when chosen, notifies of a newly raised one. A manager's payouts waiting for
// approval are counted on the menu's Approvals entry, and on the folded Menu button with the alerts.
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useMatch } from 'react-router';
import { ChangePasswordModal } from '../auth';
import { useMe } from '../../api/auth-api';
import { LanguageSelect } from '../../components/ui/language-select';
import { useLogout, useResetApiOnSignedOutExit } from '../session';
import { useMediaQuery } from '../../hooks/use-media-query';
import { ApprovalsBadge, usePendingApprovals } from './approvals';
import {
  FloorLiveContext,
  FLOOR_POLL_MS,
  FLOOR_POLL_WITH_PUSH_MS,
  useAlertNotifications,
  useAlertText,
  useBoFloorAlertsQuery,
  useFloorLive,
} from './overview';

/** The console's own fold (back-office.css), wider than the cashier screens' phone width (NARROW_QUERY). */
const CONSOLE_MENU_FOLDED_QUERY = '(max-width: 1023px)';

const ALERTS_ID = 'bo-open-alerts';
const WAITING_ID = 'bo-waiting-payouts';

export function BackOfficeLayout() {
  const { t } = useTranslation('backOffice');
  const me = useMe();
  const narrow = useMediaQuery(CONSOLE_MENU_FOLDED_QUERY, false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);
  const { logout, isLoggingOut } = useLogout();

  const picked = Number(useMatch('/back-office/accounts/:accountId/*')?.params.accountId);
  const venueId =
    me?.role === 'manager'
      ? me.account_id
      : me?.role === 'admin' && Number.isSafeInteger(picked) && picked > 0
        ? picked
        : null;
  const connected = useFloorLive(venueId);
  const live = useMemo(() => ({ accountId: venueId, connected }), [venueId, connected]);
  const alerts = useBoFloorAlertsQuery(venueId ?? 0, {
    skip: venueId === null,
    pollingInterval: connected ? FLOOR_POLL_WITH_PUSH_MS : FLOOR_POLL_MS,
  });
  const openAlerts = venueId === null ? [] : (alerts.data ?? []).filter((a) => a.acked === null);
  useAlertNotifications(venueId === null ? undefined : alerts.data, useAlertText());

  useResetApiOnSignedOutExit();
  useEffect(() => {
    document.title = `${t('title')} · ${t('common:appName')}`;
  }, [t]);

  const myVenueId = me?.role === 'manager' ? me.account_id : null;
  const waiting = usePendingApprovals(myVenueId).data?.length ?? 0;
  const sections = [
    myVenueId !== null
      ? { to: `/back-office/accounts/${myVenueId}`, label: t('nav.myAccount'), alerts: true }
      : { to: '/back-office/accounts', label: t('nav.accounts'), alerts: true },
    // A manager's payouts waiting for them, one click away with their count (four eyes).
    ...(myVenueId !== null
      ? [
          {
            to: `/back-office/accounts/${myVenueId}/approvals`,
            label: t('nav.approvals'),
            venueId: myVenueId,
          },
        ]
      : []),
    { to: '/back-office/users', label: t('nav.users') },
    { to: '/back-office/audit', label: t('nav.audit') },
    { to: '/back-office/reconciliation', label: t('nav.reconciliation') },
  ];
  const showTools = !narrow || menuOpen;
  // The count as a badge (a picture of a number) on the venue's link and on the folded Menu button; in
  // words, once, as their description, so their names stay "My venue" and "Menu".
  const alertCount = openAlerts.length > 0 && (
    <span className="bo-badge" aria-hidden="true">
      {openAlerts.length}
    </span>
  );
  // The folded Menu button says what waits behind it: the open alerts, and the payouts waiting for
  // the manager (their entry, Approvals, is inside the menu).
  const menuDescription =
    [openAlerts.length > 0 ? ALERTS_ID : null, waiting > 0 ? WAITING_ID : null].filter(Boolean).join(' ') ||
    undefined;

  return (
    <div className="bo-layout">
      <header className={narrow && menuOpen ? 'bo-header bo-header--open' : 'bo-header'}>
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
            aria-describedby={menuDescription}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {t('nav.menu')}
            {alertCount}
            {waiting > 0 && (
              <span className="bo-badge bo-badge--waiting" aria-hidden="true">
                {waiting}
              </span>
            )}
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
                    aria-describedby={s.alerts === true && openAlerts.length > 0 ? ALERTS_ID : undefined}
                    className={({ isActive }) =>
                      isActive ? 'bo-nav__link bo-nav__link--active' : 'bo-nav__link'
                    }
                  >
                    {s.label}
                    {'venueId' in s && s.venueId !== undefined && <ApprovalsBadge accountId={s.venueId} />}
                    {s.alerts === true && alertCount}
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
        <FloorLiveContext.Provider value={live}>
          <Outlet />
        </FloorLiveContext.Provider>
      </main>
      {openAlerts.length > 0 && (
        <span id={ALERTS_ID} hidden>
          {t('floor.alerts.count', { count: openAlerts.length })}
        </span>
      )}
      {waiting > 0 && (
        <span id={WAITING_ID} hidden>
          {t('approvals.waiting', { count: waiting })}
        </span>
      )}
      {changingPassword && <ChangePasswordModal onClose={() => setChangingPassword(false)} />}
    </div>
  );
}
