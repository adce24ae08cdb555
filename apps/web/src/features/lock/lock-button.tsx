// The navigation bar's Lock entry: locks the till of this session; the lock screen then takes over.
import { useTranslation } from 'react-i18next';
import { LockIcon } from '../navigation/icons';
import { useLockTill } from './use-lock-till';
import './lock-button.css';

/** `onLock`: called as the till starts locking (the mobile menu closes). */
export function LockButton({ onLock }: { onLock?: () => void }) {
  const { t } = useTranslation('lock');
  const { lock, isLocking } = useLockTill();
  return (
    <button
      type="button"
      className="lock-button"
      aria-disabled={isLocking}
      onClick={() => {
        if (isLocking) return;
        onLock?.();
        void lock();
      }}
    >
      <LockIcon />
      <span>{isLocking ? t('locking') : t('lock')}</span>
    </button>
  );
}
