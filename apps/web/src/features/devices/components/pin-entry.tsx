// A PIN readout above the numpad: digits only, at most `maxLength` (5 for a cabinet, 6 for a phone).
// Typing on the keyboard works too (the Numpad listens while shown).
import { useTranslation } from 'react-i18next';
import { Numpad, type NumpadKey } from '../../../components/ui/numpad';

export interface PinEntryProps {
  pin: string;
  maxLength: number;
  onChange: (pin: string) => void;
  onSubmit: () => void;
  /** A labelled action key on the numpad (remote: 'activate'). */
  actionLabel?: string;
  disabled?: boolean;
}

export function nextPin(pin: string, key: NumpadKey, maxLength: number): string {
  if (key === 'backspace') return pin.slice(0, -1);
  if (!/^[0-9]$/.test(key) || pin.length >= maxLength) return pin;
  return pin + key;
}

export function PinEntry({
  pin,
  maxLength,
  onChange,
  onSubmit,
  actionLabel,
  disabled = false,
}: PinEntryProps) {
  const { t } = useTranslation('devices');
  const slots = Array.from({ length: maxLength }, (_, i) => pin[i] ?? '');
  return (
    <div className="device-pin">
      {/* The modal focuses this readout first, so Enter submits the PIN instead of pressing the × button. */}
      <output className="device-pin__display" aria-label={t('pin.label')} tabIndex={-1} data-autofocus>
        {slots.map((digit, i) => (
          <span key={i} className={digit ? 'device-pin__slot device-pin__slot--filled' : 'device-pin__slot'}>
            {digit}
          </span>
        ))}
      </output>
      <p className="device-pin__hint">{t('pin.hint', { max: maxLength })}</p>
      <Numpad
        onKey={(key) => onChange(nextPin(pin, key, maxLength))}
        onSubmit={() => {
          if (pin.length > 0 && !disabled) onSubmit();
        }}
        {...(actionLabel ? { actionLabel } : {})}
        disabled={disabled}
      />
    </div>
  );
}
