// A user's restrictions as checkboxes, each with what it does on the cashier's screens (docs/product.md section 6).
import { RESTRICTIONS, type Restriction } from '@cashdesk/contract';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../shared/fields';

export function RestrictionsFieldset({
  value,
  onChange,
}: {
  value: readonly Restriction[];
  onChange: (next: Restriction[]) => void;
}) {
  const { t } = useTranslation('backOffice');
  const toggle = (name: Restriction, on: boolean) =>
    onChange(RESTRICTIONS.filter((r) => (r === name ? on : value.includes(r))));
  return (
    <fieldset className="bo-fieldset">
      <legend>{t('users.restrictions')}</legend>
      {RESTRICTIONS.map((name) => (
        <CheckboxField
          key={name}
          label={t(`restrictions.${name}.label`)}
          description={t(`restrictions.${name}.description`)}
          checked={value.includes(name)}
          onChange={(on) => toggle(name, on)}
        />
      ))}
    </fieldset>
  );
}
