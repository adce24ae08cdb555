// An amount typed or entered on the numpad, with the cash modal's rules (features/cash amount.ts): digits,
// one point, two decimals. On a phone the field is read-only and the numpad fills it, so the system
// keyboard never covers the form, as in the cash modal.
import { useId } from 'react';
import { Numpad } from '../../../components/ui/numpad';
import { useNarrowScreen } from '../../../hooks/use-media-query';
import { amountInputProps, applyAmountKey } from '../../cash';

export interface AmountInputProps {
  label: string;
  value: string;
  onChange(text: string): void;
  disabled: boolean;
  error: string | null;
  /** Shows the numpad under the field (the transfer's amount); a limit is typed. */
  numpad?: boolean;
}

export function AmountInput({ label, value, onChange, disabled, error, numpad = false }: AmountInputProps) {
  const id = useId();
  const narrow = useNarrowScreen();
  const readOnly = numpad && narrow;
  return (
    <div className="form-field player-amount">
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="form-field__input player-amount__input"
        {...amountInputProps(value, onChange, readOnly)}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="form-field__error">
          {error}
        </p>
      )}
      {numpad && (
        <Numpad
          allowPoint
          captureKeyboard={false}
          disabled={disabled}
          onKey={(key) => onChange(applyAmountKey(value, key))}
        />
      )}
    </div>
  );
}
