// The form of the cash-manage modal: the place's figures, quick amounts, the amount with its numpad,
// the operations, the 'print receipt' choice and the place's last operations.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Numpad, type NumpadKey } from '../../../components/ui/numpad';
import type { AccountBlock } from '../../float';
import { formatMoney } from '../../../lib/money';
import type { CashKind, QuickMode } from '../rules';
import { AmountField } from './amount-field';
import { CashActions } from './cash-actions';
import { PlaceOperations } from './place-operations';
import { QuickAmounts } from './quick-amounts';

/**
 * How long "Processing…" stands alone. The cash call may run up to its timeout (CASH_CALL_TIMEOUT_MS,
 * 15 s) before the operation turns unconfirmed (docs/web-app.md, "Unconfirmed cash operations"); after
 * a few seconds the cashier is told the answer is late and the operation is kept, so they wait instead
 * of doing it again.
 */
export const LATE_ANSWER_HINT_MS = 4_000;

/** True once `busy` has lasted `afterMs`; false again as soon as it ends. */
function useLate(busy: boolean, afterMs: number): boolean {
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (!busy) return;
    const timer = setTimeout(() => setLate(true), afterMs);
    return () => {
      clearTimeout(timer);
      setLate(false);
    };
  }, [busy, afterMs]);
  return busy && late;
}

export interface CashFormProps {
  deviceId: number;
  place: number;
  entries_cents: number;
  final_bonus_cents: number;
  currency: string | undefined;
  block: AccountBlock;
  userId: number | undefined;
  amountText: string;
  onAmountText: (text: string) => void;
  onNumpadKey: (key: NumpadKey) => void;
  mode: QuickMode;
  onModeChange: (mode: QuickMode) => void;
  onQuickAmount: (mode: QuickMode, units: number) => void;
  enabled: Record<CashKind, boolean>;
  onStart: (operation: CashKind) => void;
  printReceipt: boolean;
  onPrintReceipt: (print: boolean) => void;
  /** A request is running: nothing can be changed or started. */
  busy: boolean;
  /** The place has an unconfirmed operation: no new one until it is settled (the notice says why). */
  blocked: boolean;
  /** The served player may get no deposit (excluded): the deposit quick amounts are off too. */
  depositRefused?: boolean;
}

export function CashForm(props: CashFormProps) {
  const { t } = useTranslation('cash');
  const { busy, mode, currency } = props;
  const disabled = busy || props.blocked;
  const late = useLate(busy, LATE_ANSWER_HINT_MS);
  const formRef = useRef<HTMLDivElement>(null);
  // Back from a step or a refused request: the amount has the focus again, so typing goes on at once.
  useEffect(() => {
    if (!busy) formRef.current?.querySelector<HTMLInputElement>('.cash-amount__input')?.focus();
  }, [busy]);

  return (
    <div ref={formRef} className="cash-form">
      <div className="cash-form__entry">
        <dl className="cash-summary">
          <div className="cash-summary__item">
            <dt>{t('balance')}</dt>
            <dd className="cash-summary__balance">{formatMoney(props.entries_cents, currency)}</dd>
          </div>
          <div className="cash-summary__item">
            <dt>{t('finalBonus')}</dt>
            <dd>{formatMoney(props.final_bonus_cents, currency)}</dd>
          </div>
        </dl>
        <QuickAmounts
          mode={mode}
          onModeChange={props.onModeChange}
          onPick={props.onQuickAmount}
          entries_cents={props.entries_cents}
          block={props.block}
          disabled={disabled}
          depositRefused={props.depositRefused ?? false}
        />
        <AmountField
          value={props.amountText}
          onChange={props.onAmountText}
          disabled={disabled}
          currency={currency}
        />
        <Numpad
          allowPoint
          onKey={props.onNumpadKey}
          onSubmit={() => props.onStart(mode)}
          disabled={disabled}
        />
      </div>
      <div className="cash-form__side">
        {props.block !== 'none' && (
          <p className="cash-form__blocked" role="note">
            {t(`blocked.${props.block}`)}
          </p>
        )}
        <CashActions onStart={props.onStart} enabled={props.enabled} defaultKind={mode} disabled={disabled} />
        {busy && (
          <p className="cash-form__status" role="status">
            {t('processing')}
            {late && <span className="cash-form__late">{t('processingLate')}</span>}
          </p>
        )}
        {/* A switch, not a checkbox: with the focus on it, typed digits still reach the numpad. */}
        <button
          type="button"
          role="switch"
          aria-checked={props.printReceipt}
          className="cash-print"
          disabled={busy}
          onClick={() => props.onPrintReceipt(!props.printReceipt)}
        >
          <span className="cash-print__track" aria-hidden="true">
            <span className="cash-print__thumb" />
          </span>
          {t('printReceipt')}
        </button>
        <PlaceOperations deviceId={props.deviceId} place={props.place} userId={props.userId} />
      </div>
    </div>
  );
}
