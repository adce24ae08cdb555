// An amount of the drawer (a count, a drop, a paid-in or paid-out): the amount field and the numpad of
// the cash modal (digits, a point, Backspace and Enter from the keyboard too), and the confirm button.
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Numpad } from '../../components/ui/numpad';
import { useNarrowScreen } from '../../hooks/use-media-query';
import { amountInputProps, amountTextToCents, applyAmountKey } from '../cash';

/** Cents of a count; null while nothing is entered (an empty drawer is typed as 0) or for a bad text. */
export function countToCents(text: string): number | null {
  return text === '' ? null : amountTextToCents(text);
}

export interface CountEntryProps {
  value: string;
  onChange: (text: string) => void;
  onSubmit: () => void;
  busy: boolean;
  label: string;
  submitLabel: string;
  currency?: string | undefined;
  error?: string | null;
  /** More fields of the same form, under the amount (a movement's reason). */
  children?: ReactNode;
}

export function CountEntry({
  value,
  onChange,
  onSubmit,
  busy,
  label,
  submitLabel,
  currency,
  error,
  children,
}: CountEntryProps) {
  const narrow = useNarrowScreen();
  const errorId = useId();
  return (
    <CountForm busy={busy} onSubmit={onSubmit} submitLabel={submitLabel}>
      <label className="cash-amount">
        <span className="cash-amount__label">
          {label}
          {currency ? ` (${currency})` : ''}
        </span>
        <input
          className="cash-amount__input"
          name="counted"
          {...amountInputProps(value, onChange, narrow)}
          readOnly={narrow || busy}
          autoFocus
          data-autofocus
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
      </label>
      {children}
      {error && (
        <p id={errorId} className="shift-count__error" role="alert">
          {error}
        </p>
      )}
      <Numpad
        allowPoint
        disabled={busy}
        onKey={(key) => onChange(applyAmountKey(value, key))}
        onSubmit={onSubmit}
      />
    </CountForm>
  );
}

/**
 * A form of the drawer (a count by amount or by notes, a movement): sent by Enter or its button, not
 * again while it is busy, the button then saying so.
 */
export function CountForm({
  busy,
  onSubmit,
  submitLabel,
  children,
}: {
  busy: boolean;
  onSubmit: () => void;
  submitLabel: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('shift');
  return (
    <form
      className="shift-count"
      noValidate
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) onSubmit();
      }}
    >
      {children}
      <button type="submit" className="button--primary shift-count__submit" aria-disabled={busy}>
        {busy ? t('sending') : submitLabel}
      </button>
    </form>
  );
}
