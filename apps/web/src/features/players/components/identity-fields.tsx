// The identity fields of a player (name, document kind and number, birth date), shared by the card's
// registration and the form a payout asks for: labelled, each with its message under it.
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/form-field';
import { SelectField } from '../../../components/ui/select-field';
import { DOCUMENT_KINDS, type IdentityProblems, type IdentityValues } from '../lib/identity';

export interface IdentityFieldsProps {
  values: IdentityValues;
  onChange(values: IdentityValues): void;
  problems: IdentityProblems;
  disabled: boolean;
  /** The fields a payout needs are marked required. */
  complete: boolean;
}

export function IdentityFields({ values, onChange, problems, disabled, complete }: IdentityFieldsProps) {
  const { t } = useTranslation('players');
  const problem = (key: keyof IdentityValues) => {
    const found = problems[key];
    return found === 'required'
      ? t('identity.required')
      : found === 'futureBirthDate'
        ? t('identity.futureBirthDate')
        : null;
  };
  /** What every field of the identity takes: its value, its change, its message, whether it is off. */
  const field = (key: keyof IdentityValues) => ({
    value: values[key],
    onValueChange: (value: string) => onChange({ ...values, [key]: value }),
    error: problem(key),
    disabled,
  });
  /** The name and the document number: typed, never filled in by the browser. */
  const typed = { autoComplete: 'off', required: complete } as const;
  // A kind stored before (another till's words) stays choosable as it is.
  const kinds: readonly string[] =
    values.document_kind === '' || (DOCUMENT_KINDS as readonly string[]).includes(values.document_kind)
      ? DOCUMENT_KINDS
      : [...DOCUMENT_KINDS, values.document_kind];

  return (
    <div className="player-identity">
      <TextField label={t('identity.name')} {...field('name')} {...typed} maxLength={120} />
      <SelectField label={t('identity.documentKind')} {...field('document_kind')} required={complete}>
        <option value="">{t('identity.chooseKind')}</option>
        {kinds.map((kind) => (
          <option key={kind} value={kind}>
            {(DOCUMENT_KINDS as readonly string[]).includes(kind) ? t(`identity.kinds.${kind}`) : kind}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('identity.documentNumber')}
        {...field('document_number')}
        {...typed}
        maxLength={60}
      />
      <TextField label={t('identity.birthDate')} type="date" {...field('birth_date')} />
    </div>
  );
}
