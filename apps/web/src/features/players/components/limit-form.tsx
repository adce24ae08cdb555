// The cashier sets the player's daily deposit limit (POST /a/cashier/players/:id/limit), or gives them
// back the venue's. A lower limit is in force at once; a higher one only after the venue's cooling-off,
// so the answer's `limit_raise` says from when, and the form says it until the cashier goes back.
import type { Player, PlayerAtTill } from '@cashdesk/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFailure } from '../../../api/api-error';
import { errorToast } from '../../../api/error-toast';
import { formatDateTime } from '../../../lib/date-time';
import { formatMoney } from '../../../lib/money';
import { useAppDispatch } from '../../../store/hooks';
import { toastShown } from '../../../store/toasts-slice';
import { amountTextToCents } from '../../cash';
import { useSetPlayerLimitMutation } from '../api/players-api';
import { AmountInput } from './amount-input';
import { DoneActions, FormActions } from './form-actions';

export interface LimitFormProps {
  player: PlayerAtTill;
  currency: string | undefined;
  onBusy(busy: boolean): void;
  onDone(): void;
}

/** What the answer means for the cashier: in force now, or from a moment to come. */
export function limitOutcome(
  requested: number | null,
  answer: Pick<Player, 'limit_raise'>,
  now: number = Date.now(),
): { key: string; at?: string } {
  const raise = answer.limit_raise ?? null;
  const later = raise !== null && new Date(raise.at).getTime() > now;
  if (requested === null) return later ? { key: 'limit.venueLater', at: raise.at } : { key: 'limit.venue' };
  return later ? { key: 'limit.raised', at: raise.at } : { key: 'limit.lowered' };
}

export function LimitForm({ player, currency, onBusy, onDone }: LimitFormProps) {
  const { t } = useTranslation('players');
  const dispatch = useAppDispatch();
  const [setLimit, { isLoading }] = useSetPlayerLimitMutation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  async function save(daily_limit: number | null) {
    if (isLoading) return;
    onBusy(true);
    const result = await setLimit({ playerId: player.id, daily_limit });
    onBusy(false);
    if ('data' in result && result.data) {
      const outcome = limitOutcome(daily_limit, result.data);
      setSaved(
        t(outcome.key, {
          amount: daily_limit === null ? '' : formatMoney(daily_limit, currency),
          at: outcome.at ? formatDateTime(outcome.at) : '',
        }),
      );
    } else if ('error' in result) {
      dispatch(toastShown(errorToast(apiFailure(result.error))));
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const cents = amountTextToCents(text);
    if (text === '' || cents === null) {
      setError(t('limit.invalid'));
      return;
    }
    setError(null);
    void save(cents);
  }

  if (saved !== null) {
    return (
      <div className="player-form">
        <p className="player-form__done" role="status">
          {saved}
        </p>
        <DoneActions back={t('actions.back')} onBack={onDone} />
      </div>
    );
  }

  return (
    <form className="player-form" onSubmit={submit} noValidate>
      <p className="player-form__current">
        {t('summary.dailyLimit')}:{' '}
        {player.daily_limit === null ? t('summary.venueLimit') : formatMoney(player.daily_limit, currency)}
      </p>
      <p className="player-form__hint">{t('limit.hint')}</p>
      <AmountInput
        label={`${t('limit.amount')}${currency ? ` (${currency})` : ''}`}
        value={text}
        onChange={setText}
        disabled={isLoading}
        error={error}
      />
      <FormActions busy={isLoading} back={t('actions.back')} onBack={onDone} submit={t('limit.save')}>
        <button type="button" onClick={() => void save(null)} disabled={isLoading}>
          {t('limit.venueDefault')}
        </button>
      </FormActions>
    </form>
  );
}
