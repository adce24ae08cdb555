// The menu entries, the same on the wide bar and in the mobile menu: Devices, History (with
// can_view_history_reports), Statistic (a modal, so a button) and Logout.
import type { User } from '@cashdesk/contract';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { DevicesIcon, HistoryIcon, LogoutIcon, StatisticIcon } from '../../components/ui/icons';

export interface NavItemsProps {
  user: User | undefined;
  onStatistic: () => void;
  /** Called when a link is followed (the mobile menu closes). */
  onNavigate?: () => void;
}

export function NavItems({ user, onStatistic, onNavigate }: NavItemsProps) {
  const { t } = useTranslation('navigation');
  const canViewHistory = user?.restrictions.includes('can_view_history_reports') ?? false;
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    isActive ? 'nav-items__entry nav-items__entry--active' : 'nav-items__entry';
  return (
    <ul className="nav-items">
      <li>
        <NavLink to="/devices" className={linkClass} onClick={onNavigate}>
          <DevicesIcon />
          <span>{t('devices')}</span>
        </NavLink>
      </li>
      {canViewHistory && (
        <li>
          <NavLink to="/history" className={linkClass} onClick={onNavigate}>
            <HistoryIcon />
            <span>{t('history')}</span>
          </NavLink>
        </li>
      )}
      <li>
        <button type="button" className="nav-items__entry" aria-haspopup="dialog" onClick={onStatistic}>
          <StatisticIcon />
          <span>{t('statistic')}</span>
        </button>
      </li>
    </ul>
  );
}

export function LogoutButton({ onLogout, busy }: { onLogout: () => void; busy: boolean }) {
  const { t } = useTranslation('navigation');
  return (
    <button type="button" className="logout-button" onClick={onLogout} aria-disabled={busy}>
      <LogoutIcon />
      <span>{busy ? t('loggingOut') : t('logout')}</span>
    </button>
  );
}
