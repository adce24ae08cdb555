// Below 1351 px the navigation collapses into this modal: the same entries as the wide bar, the Profile
// area, Logout, and the promotional banner.
import type { User } from '@cashdesk/contract';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/ui/modal';
import { LockButton } from '../lock';
import { ShiftButtons } from '../shift';
import { LogoutButton, NavItems } from './nav-items';
import { ProfileArea } from './profile-area';
import { PromoBanner } from './promo-banner';

export interface MobileMenuProps {
  user: User | undefined;
  onClose: () => void;
  onStatistic: () => void;
  onChangePassword: () => void;
  onLogout: () => void;
  loggingOut: boolean;
}

export function MobileMenu({
  user,
  onClose,
  onStatistic,
  onChangePassword,
  onLogout,
  loggingOut,
}: MobileMenuProps) {
  const { t } = useTranslation('navigation');
  return (
    <Modal title={t('menu')} onClose={onClose} busy={loggingOut} className="mobile-menu">
      <div className="mobile-menu__body">
        <ProfileArea user={user} onChangePassword={onChangePassword} />
        <nav aria-label={t('mainMenu')}>
          <NavItems user={user} onStatistic={onStatistic} onNavigate={onClose} />
        </nav>
        <ShiftButtons onStart={onClose} />
        <LockButton onLock={onClose} />
        <LogoutButton onLogout={onLogout} busy={loggingOut} />
        <PromoBanner />
      </div>
    </Modal>
  );
}
