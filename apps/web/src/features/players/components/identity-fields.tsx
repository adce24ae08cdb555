// The identity fields of a player (name, document kind and number, birth date), shared by the card's
// registration and the form a payout asks for: labelled, each with its message under it.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/form-field';
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
  const kindId = useId();
  const birthId = useId();
  const set = (key: keyof IdentityValues) => (value: string) => onChange({ ...values, [key]: value });
  const problem = (key: keyof IdentityValues) => {
    const found = problems[key];
    return found === 'required'
      ? t('identity.required')
      : found === 'futureBirthDate'
        ? t('identity.futureBirthDate')
        : null;
  };
  // A kind stored before (another till's words) stays choosable as it is.
  const kinds: readonly string[] =
    values.document_kind === '' || (DOCUMENT_KINDS as readonly string[]).includes(values.document_kind)
      ? DOCUMENT_KINDS
      : [...DOCUMENT_KINDS, values.document_kind];

  return (
    <div className="player-identity">
      <TextField
        label={t('identity.name')}
        value={values.name}
        onValueChange={set('name')}
        error={problem('name')}
        disabled={disabled}
        autoComplete="off"
        maxLength={120}
        required={complete}
      />
      <div className="form-field">
        <label className="form-field__label" htmlFor={kindId}>
          {t('identity.documentKind')}
        </label>
        <select
          id={kindId}
          className="form-field__input"
          value={values.document_kind}
          onChange={(event) => set('document_kind')(event.target.value)}
          disabled={disabled}
          required={complete}
          aria-invalid={problem('document_kind') ? true : undefined}
          aria-describedby={problem('document_kind') ? `${kindId}-error` : undefined}
        >
          <option value="">{t('identity.chooseKind')}</option>
          {kinds.map((kind) => (
            <option key={kind} value={kind}>
              {(DOCUMENT_KINDS as readonly string[]).includes(kind) ? t(`identity.kinds.${kind}`) : kind}
            </option>
          ))}
        </select>
        {problem('document_kind') && (
          <p id={`${kindId}-error`} className="form-field__error">
            {problem('document_kind')}
          </p>
        )}
      </div>
      <TextField
        label={t('identity.documentNumber')}
        value={values.document_number}
        onValueChange={set('document_number')}
        error={problem('document_number')}
        disabled={disabled}
        autoComplete="off"
        maxLength={60}
        required={complete}
      />
      <div className="form-field">
        <label className="form-field__label" htmlFor={birthId}>
          {t('identity.birthDate')}
        </label>
        <input
          id={birthId}
          type="date"
          className="form-field__input"
          value={values.birth_date}
          onChange={(event) => set('birth_date')(event.target.value)}
          disabled={disabled}
          aria-invalid={problem('birth_date') ? true : undefined}
          aria-describedby={problem('birth_date') ? `${birthId}-error` : undefined}
        />
        {problem('birth_date') && (
          <p id={`${birthId}-error`} className="form-field__error">
            {problem('birth_date')}
          </p>
        )}
      </div>
    </div>
  );
}
