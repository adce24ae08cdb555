// Withdraw or cash out with a final bonus above 0: the bonus burns, so the cashier confirms first.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ignoreKeyRepeat, useClickGuard } from '../use-click-guard';

export interface BonusConfirmProps {
  kind: 'withdraw' | 'cashOut';
  amount: string;
  place: number;
  bonus: string;
  onConfirm: () => void;
  onCancel: () => void;
}

export function BonusConfirm({ kind, amount, place, bonus, onConfirm, onCancel }: BonusConfirmProps) {
  const { t } = useTranslation('cash');
  const guarded = useClickGuard();
  // The safe answer has the focus: Enter alone must not burn a player's bonus.
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => cancelRef.current?.focus(), []);
  return (
    <div className="cash-step">
      <p className="cash-step__question">{t(`bonus.${kind}`, { amount, place })}</p>
      <p className="cash-step__warning">{t('bonus.burn', { bonus })}</p>
      <div className="cash-step__buttons">
        <button ref={cancelRef} type="button" onKeyDown={ignoreKeyRepeat} onClick={guarded(onCancel)}>
          {t('bonus.cancel')}
        </button>
        <button
          type="button"
          className="button--danger"
          onKeyDown={ignoreKeyRepeat}
          onClick={guarded(onConfirm)}
        >
          {t('bonus.confirm')}
        </button>
      </div>
    </div>
  );
}
