// The on-screen numpad of amounts and PINs. Digits, Backspace and Enter also work from the keyboard
// while it is shown (the modal's Escape closes); keys are at least 44 px for touch.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export type NumpadKey = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '.' | 'backspace';

export interface NumpadProps {
  onKey: (key: NumpadKey) => void;
  /** Enter on the keyboard, or the action key when `actionLabel` is given. */
  onSubmit?: () => void;
  /** Shows a decimal point key (amounts); PINs have none. */
  allowPoint?: boolean;
  /** A labelled action key in the last row (e.g. 'activate' for a remote PIN). */
  actionLabel?: string;
  disabled?: boolean;
  /** Listen to the physical keyboard (only one numpad on screen should). */
  captureKeyboard?: boolean;
}

const DIGITS: NumpadKey[] = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

export function Numpad({
  onKey,
  onSubmit,
  allowPoint = false,
  actionLabel,
  disabled = false,
  captureKeyboard = true,
}: NumpadProps) {
  const { t } = useTranslation();
  const handlers = useRef({ onKey, onSubmit, disabled, allowPoint });
  useEffect(() => {
    handlers.current = { onKey, onSubmit, disabled, allowPoint };
  });

  useEffect(() => {
    if (!captureKeyboard) return;
    function onKeyDown(event: KeyboardEvent) {
      const h = handlers.current;
      const target = event.target as HTMLElement | null;
      // A focused text field handles its own typing.
      if (
        target &&
        (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA') &&
        !(target as HTMLInputElement).readOnly
      ) {
        if (event.key === 'Enter' && h.onSubmit && !h.disabled) h.onSubmit();
        return;
      }
      if (h.disabled || event.ctrlKey || event.metaKey || event.altKey) return;
      if (/^[0-9]$/.test(event.key)) h.onKey(event.key as NumpadKey);
      else if ((event.key === '.' || event.key === ',') && h.allowPoint) h.onKey('.');
      else if (event.key === 'Backspace') h.onKey('backspace');
      else if (event.key === 'Enter' && h.onSubmit && !(target instanceof HTMLButtonElement)) h.onSubmit();
      else return;
      event.preventDefault();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [captureKeyboard]);

  const key = (value: NumpadKey, label: string = value) => (
    <button
      key={value}
      type="button"
      className="numpad__key"
      disabled={disabled}
      onClick={() => onKey(value)}
      aria-label={value === 'backspace' ? t('numpad.backspace') : undefined}
    >
      {label}
    </button>
  );

  return (
    <div className="numpad" role="group" aria-label={t('numpad.label')}>
      {DIGITS.map((d) => key(d))}
      {allowPoint ? (
        key('.')
      ) : actionLabel && onSubmit ? (
        <button
          type="button"
          className="numpad__key numpad__key--action"
          disabled={disabled}
          onClick={onSubmit}
        >
          {actionLabel}
        </button>
      ) : (
        <span />
      )}
      {key('0')}
      {key('backspace', '⌫')}
    </div>
  );
}
