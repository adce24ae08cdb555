// A labelled form field with its validation message under it, wired for screen readers
// (aria-invalid, aria-describedby). PasswordField adds the show/hide toggle.
import { useId, useState, type InputHTMLAttributes, type Ref } from 'react';
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
}

export function TextField({ label, value, onValueChange, error, inputRef, ...input }: TextFieldProps) {
  const id = useId();
  return (
    <div className="form-field">
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        {...input}
        ref={inputRef}
        id={id}
        type="text"
        className="form-field__input"
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <FieldError id={`${id}-error`} error={error} />
    </div>
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
    <div className="form-field">
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
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
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
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
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

function FieldError({ id, error }: { id: string; error: string | null }) {
  if (!error) return null;
  return (
    <p id={id} className="form-field__error">
      {error}
    </p>
  );
}
