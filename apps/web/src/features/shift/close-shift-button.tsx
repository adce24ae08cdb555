// The Close shift entry of the navigation bar and the mobile menu, shown only when the venue uses shifts.
import { useTranslation } from 'react-i18next';
import { useShiftActions } from './shift-context';
import './shift.css';

/** `onStart`: called as the close starts (the mobile menu closes). */
export function CloseShiftButton({ onStart }: { onStart?: () => void }) {
  const { t } = useTranslation('shift');
  const { usesShifts, startClose } = useShiftActions();
  if (!usesShifts) return null;
  return (
    <button
      type="button"
      className="close-shift-button"
      aria-haspopup="dialog"
      onClick={() => {
        onStart?.();
        startClose();
      }}
    >
      {t('close.action')}
    </button>
  );
}
