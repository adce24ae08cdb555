// Quick amounts 100/50/20/10 and the deposit/withdraw toggle that says what they do.
import { CENTS_PER_UNIT, QUICK_AMOUNTS, formatCents } from '@cashdesk/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountBlock } from '../../float';
import { canQuickAmount, canToggleWithdraw, type QuickMode } from '../rules';

export interface QuickAmountsProps {
  mode: QuickMode;
  onModeChange: (mode: QuickMode) => void;
  onPick: (mode: QuickMode, units: number) => void;
  entries_cents: number;
  block: AccountBlock;
  disabled: boolean;
  /** No deposit for this player (excluded, features/players): the deposit amounts are off. */
  depositRefused?: boolean;
}

export function QuickAmounts({
  mode,
  onModeChange,
  onPick,
  entries_cents,
  block,
  disabled,
  depositRefused = false,
}: QuickAmountsProps) {
  const { t } = useTranslation('cash');
  const modeLabelId = useId();
  const toggle = (value: QuickMode, enabled: boolean) => (
    <button
      type="button"
      className="cash-toggle__option"
      aria-pressed={mode === value}
      disabled={disabled || !enabled}
      onClick={() => onModeChange(value)}
    >
      {t(`quick.${value}`)}
    </button>
  );
  return (
    <section className="cash-quick" aria-label={t('quick.label')}>
      <div className="cash-toggle" role="group" aria-labelledby={modeLabelId}>
        <span id={modeLabelId} className="cash-toggle__label">
          {t('quick.mode')}
        </span>
        {toggle('deposit', true)}
        {toggle('withdraw', canToggleWithdraw(entries_cents))}
      </div>
      <div className="cash-quick__amounts">
        {QUICK_AMOUNTS.map((units) => (
          <button
            key={units}
            type="button"
            className={`cash-quick__amount cash-quick__amount--${mode}`}
            disabled={
              disabled ||
              (mode === 'deposit' && depositRefused) ||
              !canQuickAmount(mode, units, { entries_cents, block })
            }
            aria-label={t(mode === 'deposit' ? 'quick.depositAmount' : 'quick.withdrawAmount', {
              amount: formatCents(units * CENTS_PER_UNIT),
            })}
            onClick={() => onPick(mode, units)}
          >
            {units}
          </button>
        ))}
      </div>
    </section>
  );
}
