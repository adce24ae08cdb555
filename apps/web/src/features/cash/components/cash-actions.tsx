// Deposit, Withdraw and Cash out. Enter on the keyboard starts the operation of the quick-amount mode,
// which is marked as the default button.
import { useTranslation } from 'react-i18next';
import type { CashOperation } from '../rules';

export interface CashActionsProps {
  onStart: (operation: CashOperation) => void;
  enabled: Record<CashOperation, boolean>;
  defaultOperation: CashOperation;
  disabled: boolean;
}

const OPERATIONS: CashOperation[] = ['deposit', 'withdraw', 'cashOut'];

export function CashActions({ onStart, enabled, defaultOperation, disabled }: CashActionsProps) {
  const { t } = useTranslation('cash');
  return (
    <div className="cash-actions" role="group" aria-label={t('actions.label')}>
      {OPERATIONS.map((operation) => (
        <button
          key={operation}
          type="button"
          className={[
            'cash-actions__button',
            `cash-actions__button--${operation}`,
            operation === defaultOperation ? 'cash-actions__button--default' : '',
          ]
            .filter(Boolean)
            .join(' ')}
          aria-keyshortcuts={operation === defaultOperation ? 'Enter' : undefined}
          disabled={disabled || !enabled[operation]}
          onClick={() => onStart(operation)}
        >
          {t(`actions.${operation}`)}
        </button>
      ))}
    </div>
  );
}
