// Labelled form controls of the console: a label a screen reader reads, the message under the field
// wired by aria-describedby, 44 px targets from app/styles.css; styled as the till's fields
// (components/ui/form-field.css), with a hint under some.
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { useDayTimeField } from '../../../hooks/use-day-time-field';
import '../../../components/ui/form-field.css';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

export function InputField({
  label,
  error,
  hint,
  ...input
}: { label: string; error?: string | null; hint?: string } & InputProps) {
  const id = useId();
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return (
    <div className="form-field">
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        {...input}
        id={id}
        className="form-field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
      />
      {hint && (
        <p id={`${id}-hint`} className="bo-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="form-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A local day typed day first (27.11.2026) whatever the browser's locale, its format as the hint;
 * `value` is the ISO day, '' when empty, or the text while it is not a day (isDay tells).
 */
export function DayField({
  label,
  value,
  onValueChange,
  error,
}: {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** The form's own message about the day (one before today...), shown when the text reads as a day. */
  error?: string | null;
}) {
  const field = useDayTimeField('day', value, onValueChange);
  return (
    <InputField
      label={label}
      hint={field.hint}
      error={field.error ?? error ?? null}
      maxLength={10}
      {...field.input}
    />
  );
}

/** A period of local days as a filter asks for it: its first day and its last, each a DayField. */
export interface DaysTyped {
  fromDay: string;
  toDay: string;
}

export function DayRangeFields({
  days,
  onChange,
}: {
  days: DaysTyped;
  /** The day that changed, for the form to merge into what it holds. */
  onChange: (change: Partial<DaysTyped>) => void;
}) {
  const { t } = useTranslation('backOffice');
  return (
    <>
      <DayField
        label={t('shift.fromDay')}
        value={days.fromDay}
        onValueChange={(fromDay) => onChange({ fromDay })}
      />
      <DayField label={t('shift.toDay')} value={days.toDay} onValueChange={(toDay) => onChange({ toDay })} />
    </>
  );
}

export function SelectField({
  label,
  children,
  ...select
}: { label: string; children: ReactNode } & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'>) {
  const id = useId();
  return (
    <div className="form-field">
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      <select {...select} id={id} className="form-field__input">
        {children}
      </select>
    </div>
  );
}

export function CheckboxField({
  label,
  description,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  description?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="bo-check">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={description ? `${id}-description` : undefined}
      />
      <label htmlFor={id} className="bo-check__label">
        {label}
      </label>
      {description && (
        <p id={`${id}-description`} className="bo-check__description">
          {description}
        </p>
      )}
    </div>
  );
}

/** A form's failure, read out when it appears. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="bo-alert">
      {message}
    </p>
  );
}
