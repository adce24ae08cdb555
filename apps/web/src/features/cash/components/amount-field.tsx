// The amount being entered. Wide screens may type into it (with the numpad's rules); phones get a
// read-only field filled by the numpad, so the system keyboard never covers the modal.
import { useTranslation } from 'react-i18next';
import { amountInputProps } from '../amount';
import { useNarrowScreen } from '../../../hooks/use-media-query';

export interface AmountFieldProps {
  value: string;
  onChange: (text: string) => void;
  disabled: boolean;
  currency?: string | undefined;
}

export function AmountField({ value, onChange, disabled, currency }: AmountFieldProps) {
  const { t } = useTranslation('cash');
  const narrow = useNarrowScreen();
  return (
    <label className="cash-amount">
      <span className="cash-amount__label">
        {t('amount')}
        {currency ? ` (${currency})` : ''}
      </span>
      <input
        className="cash-amount__input"
        {...amountInputProps(value, onChange, narrow)}
        disabled={disabled}
        data-autofocus
      />
    </label>
  );
}
