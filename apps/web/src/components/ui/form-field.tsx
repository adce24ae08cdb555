// A labelled form field with its validation message under it, wired for screen readers
// (aria-invalid, aria-describedby): a text or date input, a select; PasswordField adds the show/hide toggle.
import {
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
} from 'react';
import { EyeIcon } from './eye-icon';
import './form-field.css';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'value' | 'onChange'>;

export interface TextFieldProps extends InputProps {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** The message shown under the field, or null when it is valid (or not yet checked). */
  error: string | null;
  inputRef?: Ref<HTMLInputElement>;
  /** 'date': the browser's date picker, its value YYYY-MM-DD. */
  type?: 'text' | 'date';
}

export function TextField({
  label,
  value,
  onValueChange,
  error,
  inputRef,
  type = 'text',
  ...input
}: TextFieldProps) {
  const id = useId();
  return (
    <LabelledField id={id} label={label} error={error}>
      <input
        {...input}
        ref={inputRef}
        id={id}
        type={type}
        className="form-field__input"
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        {...describedBy(id, error)}
      />
    </LabelledField>
  );
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'value' | 'onChange'>;

export interface SelectFieldProps extends SelectProps {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** The message shown under the field, or null when it is valid (or not yet checked). */
  error: string | null;
  /** Marks the field invalid where its message stands elsewhere (a form's own alert). */
  invalid?: boolean;
  /** The options. */
  children: ReactNode;
}

export function SelectField({
  label,
  value,
  onValueChange,
  error,
  invalid = false,
  children,
  ...select
}: SelectFieldProps) {
  const id = useId();
  return (
    <LabelledField id={id} label={label} error={error}>
      <select
        {...select}
        id={id}
        className="form-field__input"
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        {...describedBy(id, error, invalid)}
      >
        {children}
      </select>
    </LabelledField>
  );
}

export interface PasswordFieldProps extends TextFieldProps {
  /** The toggle's accessible name, e.g. 'Show password'; aria-pressed tells whether it is shown. */
  toggleLabel: string;
}

export function PasswordField({
  label,
  toggleLabel,
  value,
  onValueChange,
  error,
  inputRef,
  ...input
}: PasswordFieldProps) {
  const id = useId();
  const [shown, setShown] = useState(false);
  return (
    <LabelledField id={id} label={label} error={error}>
      <div className="form-field__control">
        <input
          {...input}
          ref={inputRef}
          id={id}
          type={shown ? 'text' : 'password'}
          className="form-field__input"
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
          // A shown password must not be auto-corrected or capitalised by a touch keyboard.
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          {...describedBy(id, error)}
        />
        <button
          type="button"
          className="icon-button form-field__toggle"
          aria-label={toggleLabel}
          aria-pressed={shown}
          aria-controls={id}
          title={toggleLabel}
          disabled={input.disabled}
          onClick={() => setShown((was) => !was)}
        >
          <EyeIcon crossed={!shown} />
        </button>
      </div>
    </LabelledField>
  );
}

/** The label above the control `id` and, when there is one, the message under it. */
function LabelledField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | null;
  children: ReactNode;
}) {
  return (
    <div className="form-field">
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="form-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The control's state for a screen reader: invalid with a message (read with it), or marked so alone. */
function describedBy(id: string, error: string | null, invalid = false) {
  return {
    'aria-invalid': error || invalid ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  } as const;
}
