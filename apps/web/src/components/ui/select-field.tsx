// A labelled select with its validation message under it (form-field.tsx's fields, for a choice).
import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { describedBy, LabelledField } from './labelled-field';

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
