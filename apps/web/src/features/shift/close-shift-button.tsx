// The shift's entries of the navigation bar and the mobile menu, shown only when the venue uses shifts:
// Till (the drawer's movements, the X-report, the copy of the last receipt) and Close shift.
import { useTranslation } from 'react-i18next';
import { useShiftActions } from './shift-context';
import './shift.css';

/** `onStart`: called as either starts (the mobile menu closes). */
export function ShiftButtons({ onStart }: { onStart?: () => void }) {
  const { t } = useTranslation('shift');
  const { usesShifts, startClose, openTill } = useShiftActions();
  if (!usesShifts) return null;
  const entries = [
    ['tillAction', openTill],
    ['closeAction', startClose],
  ] as const;
  return entries.map(([label, start]) => (
    <button
      key={label}
      type="button"
      className="close-shift-button"
      aria-haspopup="dialog"
      onClick={() => {
        onStart?.();
        start();
      }}
    >
      {t(label)}
    </button>
  ));
}
