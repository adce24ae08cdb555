// The navigation bar's Lock entry: locks the till of this session; the lock screen then takes over.
import { BREAKPOINTS } from '@cashdesk/contract';
import { useTranslation } from 'react-i18next';
import { LockIcon } from '../../components/ui/icons';
import { useMediaQuery } from '../../hooks/use-media-query';
import { useLockTill } from './use-lock-till';
import './lock-button.css';

/**
 * Between 1351 and 1799 px the wide bar is full (Spanish and Portuguese labels are long): the button shows
 * its icon only, as Change password does up to 1599 px; its text stays the accessible name and the tooltip.
 */
const FULL_BAR_QUERY = `(min-width: ${BREAKPOINTS.desktopMin}px) and (max-width: 1799px)`;

/** `onLock`: called as the till starts locking (the mobile menu closes). */
export function LockButton({ onLock }: { onLock?: () => void }) {
  const { t } = useTranslation('lock');
  const { lock, isLocking } = useLockTill();
  const compact = useMediaQuery(FULL_BAR_QUERY, false);
  const text = isLocking ? t('locking') : t('lock');
  return (
    <button
      type="button"
      className="bar-button lock-button"
      aria-disabled={isLocking}
      title={compact ? text : undefined}
      onClick={() => {
        if (isLocking) return;
        onLock?.();
        void lock();
      }}
    >
      <LockIcon />
      <span className={compact ? 'visually-hidden' : undefined}>{text}</span>
    </button>
  );
}
