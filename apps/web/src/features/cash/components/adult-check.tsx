// The adult-confirmation step before every deposit (docs/product.md sections 4 and 5).
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ignoreKeyRepeat, useClickGuard } from '../use-click-guard';

export interface AdultCheckProps {
  amount: string;
  place: number;
  onYes: () => void;
  onNo: () => void;
}

export function AdultCheck({ amount, place, onYes, onNo }: AdultCheckProps) {
  const { t } = useTranslation('cash');
  const guarded = useClickGuard();
  const questionId = useId();
  const yesRef = useRef<HTMLButtonElement>(null);
  useEffect(() => yesRef.current?.focus(), []);
  return (
    <div className="cash-step">
      <p className="cash-step__subject">{t('adult.deposit', { amount, place })}</p>
      <p className="cash-step__question" id={questionId}>
        {t('adult.question')}
      </p>
      <div className="cash-step__buttons" role="group" aria-labelledby={questionId}>
        <button type="button" onKeyDown={ignoreKeyRepeat} onClick={guarded(onNo)}>
          {t('adult.no')}
        </button>
        <button
          ref={yesRef}
          type="button"
          className="button--primary"
          onKeyDown={ignoreKeyRepeat}
          onClick={guarded(onYes)}
        >
          {t('adult.yes')}
        </button>
      </div>
    </div>
  );
}
