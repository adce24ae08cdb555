// A labelled form field with its validation message under it, wired for screen readers
// (aria-invalid, aria-describedby): a text or date input; PasswordField adds the show/hide toggle. The select
// is select-field.tsx, a module of its own, so the login screen's first load does not carry it.
import { useId, useState, type InputHTMLAttributes, type Ref } from 'react';
import { EyeIcon } from './eye-icon';
import { describedBy, LabelledField } from './labelled-field';

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
