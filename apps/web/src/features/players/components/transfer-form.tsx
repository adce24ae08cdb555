// Moving the player's money from one of their seats to another seat of the venue (POST
// /a/cashier/players/:id/transfer): the seat it leaves among the player's, the seat it goes to among the
// venue's devices and their places, the amount (typed, or on the numpad as in the cash modal, or the whole
// seat). One request under a fresh trx; the answer's balances of both seats are shown until the cashier
// goes on. The server checks everything again (the seat's balance, whose seat it is, an exclusion).
import { formatCents, type Device, type PlayerAtTill, type TransferResult } from '@cashdesk/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFailure } from '../../../api/api-error';
import { errorToast } from '../../../api/error-toast';
import { SelectField } from '../../../components/ui/select-field';
import { formatMoney } from '../../../lib/money';
import { newTrx } from '../../../lib/trx';
import { useAppDispatch } from '../../../store/hooks';
import { toastShown } from '../../../store/toasts-slice';
import { amountTextToCents } from '../../cash';
import { useTransferBetweenSeatsMutation } from '../api/players-api';
import { transferProblem, type SeatKey } from '../lib/transfer';
import { AmountInput } from './amount-input';
import { DoneActions, FormActions } from './form-actions';
import { seatName } from './player-summary';

export interface TransferFormProps {
  player: PlayerAtTill;
  devices: readonly Device[];
  currency: string | undefined;
  onBusy(busy: boolean): void;
  onDone(): void;
}

interface Done {
  result: TransferResult;
  from: SeatKey;
  to: SeatKey;
}

const keyOf = (seat: SeatKey) => `${seat.device_id}:${seat.place}`;

export function TransferForm({ player, devices, currency, onBusy, onDone }: TransferFormProps) {
  const { t } = useTranslation('players');
  const dispatch = useAppDispatch();
  const [transfer, { isLoading }] = useTransferBetweenSeatsMutation();
  const seats = player.seats.filter((seat) => seat.entries > 0);
  const [fromKey, setFromKey] = useState(() => (seats[0] ? keyOf(seats[0]) : ''));
  const [toDevice, setToDevice] = useState('');
  const [toPlace, setToPlace] = useState('1');
  const [text, setText] = useState('');
  const [checked, setChecked] = useState(false);
  const [done, setDone] = useState<Done | null>(null);
  const money = (cents: number) => formatMoney(cents, currency);

  if (done) {
    return (
      <div className="player-form">
        <p className="player-form__done" role="status">
          {t('transfer.done', { amount: money(done.result.amount) })}
        </p>
        <h4 className="player-form__subtitle">{t('transfer.result')}</h4>
        <dl className="player-transfer__result">
          <div>
            <dt>{seatName(t, devices, done.from)}</dt>
            <dd>{money(done.result.from.entries)}</dd>
          </div>
          <div>
            <dt>{seatName(t, devices, done.to)}</dt>
            <dd>{money(done.result.to.entries)}</dd>
          </div>
        </dl>
        <DoneActions back={t('actions.back')} onBack={onDone} />
      </div>
    );
  }

  if (seats.length === 0) {
    return (
      <div className="player-form">
        <p>{t('transfer.noSeats')}</p>
        <div className="player-form__actions">
          <button type="button" onClick={onDone}>
            {t('actions.back')}
          </button>
        </div>
      </div>
    );
  }

  const from = seats.find((seat) => keyOf(seat) === fromKey) ?? seats[0]!;
  const target = devices.find((device) => String(device.id) === toDevice);
  const to: SeatKey | null = target ? { device_id: target.id, place: Number(toPlace) } : null;
  const amount = amountTextToCents(text);
  const problem = transferProblem({ from, to, amount });
  const shown = checked ? problem : null;
  const targets = devices.filter((device) => device.status === 'ready' && device.players > 0);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    if (isLoading || problem !== null || !to || amount === null) return;
    onBusy(true);
    const seatFrom = { device_id: from.device_id, place: from.place };
    const result = await transfer({ playerId: player.id, from: seatFrom, to, amount, trx: newTrx() });
    onBusy(false);
    if ('data' in result && result.data) setDone({ result: result.data, from: seatFrom, to });
    else if ('error' in result) dispatch(toastShown(errorToast(apiFailure(result.error))));
  }

  const problemText =
    shown === 'sameSeat'
      ? t('transfer.sameSeat')
      : shown === 'noTarget'
        ? t('transfer.noTarget')
        : shown === 'noAmount'
          ? t('transfer.noAmount')
          : shown === 'tooMuch'
            ? t('transfer.tooMuch', { amount: money(from.entries) })
            : null;

  return (
    <form className="player-form player-transfer" onSubmit={(event) => void submit(event)} noValidate>
      <SelectField
        label={t('transfer.from')}
        value={keyOf(from)}
        onValueChange={setFromKey}
        error={null}
        disabled={isLoading}
      >
        {seats.map((seat) => (
          <option key={keyOf(seat)} value={keyOf(seat)}>
            {`${seatName(t, devices, seat)} (${money(seat.entries)})`}
          </option>
        ))}
      </SelectField>
      {/* The seat's problems are told once, in the alert under the amount. */}
      <fieldset className="player-form__fieldset player-transfer__to">
        <legend>{t('transfer.to')}</legend>
        <SelectField
          label={t('transfer.device')}
          value={toDevice}
          onValueChange={(device) => {
            setToDevice(device);
            setToPlace('1');
          }}
          error={null}
          invalid={shown === 'noTarget'}
          disabled={isLoading}
        >
          <option value="">{t('transfer.chooseDevice')}</option>
          {targets.map((device) => (
            <option key={device.id} value={device.id}>
              {`${device.name} · ID ${device.id}`}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('transfer.place')}
          value={toPlace}
          onValueChange={setToPlace}
          error={null}
          invalid={shown === 'sameSeat'}
          disabled={isLoading || !target}
        >
          {Array.from({ length: target?.players ?? 1 }, (_, index) => index + 1).map((place) => (
            <option key={place} value={place}>
              {t('transfer.placeNumber', { place })}
            </option>
          ))}
        </SelectField>
      </fieldset>
      <AmountInput
        label={`${t('transfer.amount')}${currency ? ` (${currency})` : ''}`}
        value={text}
        onChange={setText}
        disabled={isLoading}
        error={shown === 'noAmount' || shown === 'tooMuch' ? problemText : null}
        numpad
      />
      <button type="button" onClick={() => setText(formatCents(from.entries))} disabled={isLoading}>
        {t('transfer.all', { amount: money(from.entries) })}
      </button>
      {(shown === 'sameSeat' || shown === 'noTarget') && (
        <p className="form-field__error" role="alert">
          {problemText}
        </p>
      )}
      <FormActions
        busy={isLoading}
        sending={t('transfer.sending')}
        back={t('actions.back')}
        onBack={onDone}
        submit={t('transfer.submit')}
      />
    </form>
  );
}
