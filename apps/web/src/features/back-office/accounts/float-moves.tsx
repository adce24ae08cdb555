// Float top-up and withdraw: cash brought to or taken from the till, through the ledger, with a reason.
// The form says what the float will be before it is sent; the server has the last word (overdraft).
import type { Account } from '@cashdesk/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { newTrx } from '../../../lib/trx';
import { useAppDispatch } from '../../../store/hooks';
import { formatMoney } from '../../../lib/money';
import { toastShown } from '../../../store/toasts-slice';
import { useBoMoveFloatMutation } from '../shared/back-office-api';
import { FormAlert, InputField } from '../shared/fields';
import { Money } from '../shared/money';
import { ReasonField } from '../shared/reason-field';
import { failureText } from '../shared/failure-text';
import { parseUnits } from '../shared/units';

type Direction = 'top_up' | 'withdraw';

export function FloatMoves({ account }: { account: Account }) {
  const { t } = useTranslation('backOffice');
  const dispatch = useAppDispatch();
  const [move, { isLoading }] = useBoMoveFloatMutation();
  const [direction, setDirection] = useState<Direction>('top_up');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [checked, setChecked] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const cents = parseUnits(amount);
  const amountError = cents === null || cents === 0 ? t('float.badAmount') : null;
  const reasonError = reason.trim() === '' ? t('float.reasonNeeded') : null;
  const delta = cents ? (direction === 'top_up' ? cents : -cents) : 0;
  const limit = account.has_overdraft ? -account.overdraft : 0;
  const after = account.balance + delta;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (isLoading) return;
    setChecked(true);
    if (amountError || reasonError) return;
    setFailure(null);
    // One trx per press: a retry on HTTP 500 resends the same request (and trx) from the base API.
    const result = await move({ id: account.id, body: { delta, trx: newTrx(), reason: reason.trim() } });
    if (result.error) {
      setFailure(failureText(result.error, t));
      return;
    }
    dispatch(
      toastShown({
        id: `bo:float:${result.data.trx}`,
        kind: 'success',
        key: direction === 'top_up' ? 'backOffice:float.toppedUp' : 'backOffice:float.withdrawn',
        params: {
          amount: formatMoney(Math.abs(result.data.delta), account.currency),
          balance: formatMoney(result.data.balance, account.currency),
        },
      }),
    );
    setAmount('');
    setReason('');
    setChecked(false);
  }

  return (
    <section className="bo-section" aria-labelledby="bo-float-title">
      <h2 id="bo-float-title">{t('account.section.float')}</h2>
      <p>
        {t('float.now')} <Money cents={account.balance} currency={account.currency} />{' '}
        <span className="bo-muted">
          ({t('float.limit')} <Money cents={limit} currency={account.currency} />)
        </span>
      </p>
      <form noValidate onSubmit={(e) => void submit(e)} className="bo-form" aria-busy={isLoading}>
        <fieldset className="bo-fieldset bo-segmented">
          <legend>{t('float.direction')}</legend>
          {(['top_up', 'withdraw'] as const).map((d) => (
            <label key={d} className="bo-segmented__option">
              <input
                type="radio"
                name="direction"
                checked={direction === d}
                onChange={() => setDirection(d)}
              />
              <span>{t(`float.${d}`)}</span>
            </label>
          ))}
        </fieldset>
        <InputField
          label={t('float.amount', { currency: account.currency })}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          error={checked ? amountError : null}
          onChange={(e) => setAmount(e.target.value)}
        />
        <ReasonField value={reason} onChange={setReason} required error={checked ? reasonError : null} />
        {cents ? (
          <p className={after < limit ? 'bo-alert' : 'bo-muted'} aria-live="polite">
            {t('float.after', { balance: formatMoney(after, account.currency) })}
            {after < limit ? ` ${t('float.pastLimit')}` : ''}
          </p>
        ) : null}
        <FormAlert message={failure} />
        <div className="bo-actions">
          <button type="submit" className="button--primary" aria-disabled={isLoading}>
            {t(direction === 'top_up' ? 'float.submitTopUp' : 'float.submitWithdraw')}
          </button>
        </div>
      </form>
    </section>
  );
}
