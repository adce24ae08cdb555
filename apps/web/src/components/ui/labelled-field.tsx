// What every labelled field of form-field.tsx and select-field.tsx shares: the label above the control,
// its message under it, and the control's state for a screen reader (aria-invalid, aria-describedby).
import type { ReactNode } from 'react';
import './form-field.css';

/** The label above the control `id` and, when there is one, the message under it. */
export function LabelledField({
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
export function describedBy(id: string, error: string | null, invalid = false) {
  return {
    'aria-invalid': error || invalid ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  } as const;
}
