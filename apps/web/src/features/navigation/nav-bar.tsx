// The navigation bar of the signed-in screens: page title with the Game Platform label, the float, and
// the menu. From 1351 px the whole menu is in the bar; below, a Menu button opens the mobile menu.
import type { User } from '@cashdesk/contract';
import { Suspense, useEffect, useState, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ChangePasswordModal } from '../auth';
import { FloatDisplay, type FloatView } from '../float';
import { LockButton } from '../lock';
import { ShiftButtons } from '../shift';
import { StatisticModal } from '../statistic';
import { deferredPart, whenIdle } from '../../components/ui/deferred-part';
import { MenuIcon } from '../../components/ui/icons';
import type { MobileMenu as MobileMenuNow } from './mobile-menu';
import { LogoutButton, NavItems } from './nav-items';
import { pageSegment, pageTitleKey } from './page-title';
import { ProfileArea } from './profile-area';
import { useLogout } from '../session';
import { DESKTOP_QUERY, useMediaQuery, useNarrowScreen } from '../../hooks/use-media-query';

type OpenModal = 'none' | 'menu' | 'statistic' | 'changePassword';

/**
 * The mobile menu (with its promotional banner), a chunk of its own: only the Menu button
 * opens it, so it stays out of the devices screen's first load; fetched at idle once the bar is up.
 */
const MobileMenu = /* @__PURE__ */ deferredPart<ComponentProps<typeof MobileMenuNow>>(() =>
  import('./mobile-menu').then((module) => module.MobileMenu),
);

export interface NavBarProps {
  user: User | undefined;
  floatView: FloatView;
  /** The Support button (features/support), beside the float at every width. */
  support?: ReactNode;
}

export function NavBar({ user, floatView, support }: NavBarProps) {
  const { t } = useTranslation('navigation');
  const { pathname } = useLocation();
  const isDesktop = useMediaQuery(DESKTOP_QUERY, true);
  const phone = useNarrowScreen();
  const [open, setOpen] = useState<OpenModal>('none');
  const { logout, isLoggingOut } = useLogout();

  const { key, fallback } = pageTitleKey(pageSegment(pathname));
  const title = t(key, { defaultValue: fallback });
  useEffect(() => {
    document.title = title ? `${title} · ${t('common:appName')}` : t('common:appName');
  }, [title, t]);

  // Below the desktop width the Menu button opens it: its chunk fetched once the screen is up.
  useEffect(() => (isDesktop ? undefined : whenIdle(() => void MobileMenu.preload())), [isDesktop]);

  const float = <FloatDisplay view={floatView} />;
  const close = () => setOpen('none');
  const onLogout = () => {
    if (!isLoggingOut) void logout();
  };

  return (
    <>
      <header className="nav-bar">
        <div className="nav-bar__brand">
          <span className="nav-bar__platform">{t('gamePlatform')}</span>
          <span className="nav-bar__title">{title}</span>
        </div>
        {isDesktop ? (
          <>
            <nav className="nav-bar__nav" aria-label={t('mainMenu')}>
              <NavItems user={user} onStatistic={() => setOpen('statistic')} />
            </nav>
            <FloatDisplay view={floatView} />
            {support}
            <ProfileArea user={user} onChangePassword={() => setOpen('changePassword')} />
            <ShiftButtons />
            <LockButton />
            <LogoutButton onLogout={onLogout} busy={isLoggingOut} />
          </>
        ) : (
          <>
            {!phone && float}
            {support}
            <button
              type="button"
              className="nav-bar__menu-button"
              aria-haspopup="dialog"
              aria-expanded={open === 'menu'}
              onClick={() => setOpen('menu')}
            >
              <MenuIcon />
              <span className="nav-bar__menu-text">{t('menu')}</span>
            </button>
            {/* On a phone the float has a row of its own under the buttons (app-layout.css). */}
            {phone && float}
          </>
        )}
      </header>
      {open === 'menu' && !isDesktop && (
        <MobileMenu
          user={user}
          onClose={close}
          onStatistic={() => setOpen('statistic')}
          onChangePassword={() => setOpen('changePassword')}
          onLogout={onLogout}
          loggingOut={isLoggingOut}
        />
      )}
      {open === 'statistic' && (
        <Suspense fallback={null}>
          <StatisticModal onClose={close} />
        </Suspense>
      )}
      {open === 'changePassword' && <ChangePasswordModal onClose={close} />}
    </>
  );
}
