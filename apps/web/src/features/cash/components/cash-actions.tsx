// Deposit, Withdraw and Cash out. Enter on the keyboard starts the operation of the quick-amount mode,
// which is marked as the default button.
import { useTranslation } from 'react-i18next';
import type { CashKind } from '../rules';

export interface CashActionsProps {
  onStart: (kind: CashKind) => void;
  enabled: Record<CashKind, boolean>;
  defaultKind: CashKind;
  disabled: boolean;
}

const KINDS: CashKind[] = ['deposit', 'withdraw', 'cashOut'];

export function CashActions({ onStart, enabled, defaultKind: defaultOperation, disabled }: CashActionsProps) {
  const { t } = useTranslation('cash');
  return (
    <div className="cash-actions" role="group" aria-label={t('actions.label')}>
      {KINDS.map((kind) => (
        <button
          key={kind}
          type="button"
          className={[
            'cash-actions__button',
            `cash-actions__button--${kind}`,
            kind === defaultOperation ? 'cash-actions__button--default' : '',
          ]
            .filter(Boolean)
            .join(' ')}
          aria-keyshortcuts={kind === defaultOperation ? 'Enter' : undefined}
          disabled={disabled || !enabled[kind]}
          onClick={() => onStart(kind)}
        >
          {t(`actions.${kind}`)}
        </button>
      ))}
    </div>
  );
}
