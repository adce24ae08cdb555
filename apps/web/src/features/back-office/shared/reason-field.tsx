// The reason a change is made, kept in the audit log: required for a float move, optional elsewhere.
import { useTranslation } from 'react-i18next';
import { InputField } from './fields';

export const REASON_MAX_LENGTH = 500;

export function ReasonField({
  value,
  onChange,
  required = false,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  error?: string | null;
}) {
  const { t } = useTranslation('backOffice');
  return (
    <InputField
      label={required ? t('reason.required') : t('reason.optional')}
      hint={t('reason.hint')}
      value={value}
      maxLength={REASON_MAX_LENGTH}
      required={required}
      error={error ?? null}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** The reason to send: trimmed, left out when empty. */
export function reasonOf(text: string): { reason?: string } {
  const reason = text.trim();
  return reason ? { reason } : {};
}
