// The cash-manage modal of one player place (docs/product.md sections 2, 4, 5 and 8): deposit, withdraw and cash
// out, with the adult check before a deposit, the final-bonus confirmation before a withdraw, the
// error rules of section 8 and an optional printed receipt. Regular devices, or remote ones with a PIN.
// An operation whose answer is lost stays unconfirmed (unconfirmed/): the modal says so, and the place
// takes no new operation until it is settled. With a player served at the till (features/players) every
// operation is for them (`player_id`); a payout that waits for their identity asks for it, then goes out
// again under the same trx.
import { CENTS_PER_UNIT, formatCents, type DeviceDetail, type Place } from '@cashdesk/contract';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiFailure } from '../../api/api-error';
import { baseApi } from '../../api/base-api';
import { errorToast } from '../../api/error-toast';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { toastClosed } from '../../store/toasts-slice';
import type { NumpadKey } from '../../components/ui/numpad';
import { Modal } from '../../components/ui/modal';
import { maskPin } from '../../lib/mask-pin';
import { useMeQuery } from '../../api/auth-api';
import { amountTextToCents, applyAmountKey, unitsToAmountText } from './amount';
import { cashErrorOutcome } from './cash-errors';
import { identityPlayerOf, type CashPlayer, type IdentityFormProps } from './cash-player';
import { AdultCheck } from './components/adult-check';
import { BonusConfirm } from './components/bonus-confirm';
import { CashForm } from './components/cash-form';
import { PlayerLine } from './components/player-line';
import { UnderAgeNotice } from './components/under-age-notice';
import { formatMoney } from '../../lib/money';
import { usePrintPreference } from './print-preference';
import { ReceiptPrint } from './receipt';
import type { ReceiptData } from './receipt-data';
import {
  canCashOut,
  canDeposit,
  canQuickAmount,
  canWithdraw,
  deltaOf,
  effectiveQuickMode,
  stepBeforeSending,
  type CashKind,
  type QuickMode,
} from './rules';
import { useCashCall } from './use-cash-call';
import type { NewOperation } from './unconfirmed/unconfirmed-operation';
import { useCashFloat } from './use-cash-float';
import { PlaceUnconfirmedNotice } from './unconfirmed/unconfirmed-notice';
import { selectPlaceOperation } from './unconfirmed/unconfirmed-slice';
import './cash-manage-modal.css';
import i18n from '../../i18n/i18n';
import cashModalTexts from '../../i18n/locales/en/cash-modal.json';
import { addPartTexts } from '../../i18n/part-resources';

// Its English texts come with this chunk, in before its first render (i18n/part-resources.ts).
addPartTexts(i18n, 'cash', cashModalTexts);

export interface CashManageModalProps {
  device: DeviceDetail;
  place: Place;
  /** The remote device's current PIN: non-null means the remote variant (sent as pin_code). */
  remotePin: string | null;
  /** The player the till serves: every operation is for them. */
  player?: CashPlayer | null;
  /** Records a player's identity when a payout asks for it (features/players); without it the modal closes. */
  IdentityForm?: ComponentType<IdentityFormProps>;
  onClose(): void;
}

/** One operation the cashier asked for; its amount is fixed when asked, so a confirm shows what is sent. */
interface Attempt {
  kind: CashKind;
  amount_cents: number;
}

type Step =
  | { name: 'form' }
  | { name: 'adultCheck'; attempt: Attempt }
  | { name: 'underAge' }
  | { name: 'bonusConfirm'; attempt: Attempt & { kind: 'withdraw' | 'cashOut' }; bonus_cents: number }
  /** A payout refused until the player's identity is recorded: the same call (fields and trx) waits. */
  | { name: 'identity'; playerId: number; fields: CallFields; trx: string }
  | { name: 'printing'; receipt: ReceiptData };

/** A cash operation as the modal sends it, but its trx. */
type CallFields = Omit<NewOperation, 'trx'>;

export function CashManageModal({
  device,
  place,
  remotePin,
  player = null,
  IdentityForm,
  onClose,
}: CashManageModalProps) {
  const { t } = useTranslation('cash');
  const dispatch = useAppDispatch();
  const me = useMeQuery();
  const { block, currency } = useCashFloat();
  const [printReceipt, setPrintReceipt] = usePrintPreference();
  // An operation of this place still waiting for its answer (from this modal, an earlier one, a reload).
  const open = useAppSelector((s) => selectPlaceOperation(s, device.id, place.place));

  const [amountText, setAmountText] = useState('');
  const [chosenMode, setChosenMode] = useState<QuickMode>('deposit');
  const [step, setStep] = useState<Step>({ name: 'form' });
  const cashCall = useCashCall();
  const { sending } = cashCall;

  const entries_cents = place.balances.entries;
  const bonus_cents = place.balances.final_bonus;
  const amount_cents = amountTextToCents(amountText) ?? 0;
  const rule = { amount_cents, entries_cents, block };
  const mode = effectiveQuickMode(chosenMode, entries_cents);
  const enabled: Record<CashKind, boolean> = {
    // An excluded player gets no deposit (the server refuses it too; the player line says why).
    deposit: canDeposit(rule) && !player?.excluded,
    withdraw: canWithdraw(rule),
    cashOut: canCashOut(entries_cents, block),
  };
  const blocked = open !== undefined;

  function resetForm() {
    setAmountText('');
    setChosenMode('deposit');
    setStep({ name: 'form' });
  }

  function begin(attempt: Attempt) {
    const next = stepBeforeSending(attempt.kind, bonus_cents);
    if (next === 'adultCheck') setStep({ name: 'adultCheck', attempt });
    else if (next === 'bonusConfirm' && attempt.kind !== 'deposit') {
      setStep({ name: 'bonusConfirm', attempt: { ...attempt, kind: attempt.kind }, bonus_cents });
    } else void send(fieldsOf(attempt));
  }

  function startOperation(kind: CashKind) {
    if (cashCall.isSending() || blocked || !enabled[kind]) return;
    if (kind === 'cashOut') {
      // Cash out is the whole balance, whatever was typed.
      setAmountText(formatCents(entries_cents));
      begin({ kind, amount_cents: entries_cents });
    } else begin({ kind, amount_cents });
  }

  function startQuickAmount(quickMode: QuickMode, units: number) {
    if (cashCall.isSending() || blocked || !canQuickAmount(quickMode, units, { entries_cents, block })) {
      return;
    }
    if (quickMode === 'deposit' && player?.excluded) return;
    setAmountText(unitsToAmountText(units));
    begin({ kind: quickMode, amount_cents: units * CENTS_PER_UNIT });
  }

  function fieldsOf(attempt: Attempt): CallFields {
    return {
      cashierId: me.data?.id ?? null,
      cashierName: me.data?.name || t('receipt.cashierFallback'),
      deviceId: device.id,
      deviceName: device.name,
      deviceUuid: device.uuid,
      place: place.place,
      kind: attempt.kind,
      delta: deltaOf(attempt.kind, attempt.amount_cents),
      // A cash-out empties the seat as it is when the server books it, not as this modal read it: the
      // toast and the receipt show the answer's delta (unconfirmed/cash-call.ts).
      cashOut: attempt.kind === 'cashOut',
      currency: currency ?? null,
      remotePin,
      print: printReceipt,
      ...(player ? { playerId: player.id } : {}),
    };
  }

  /** Sends a new operation, or (`trx` given) the same call again after its identity was recorded. */
  async function send(fields: CallFields, trx?: string) {
    if (cashCall.isSending() || blocked) return;
    setStep({ name: 'form' });
    // The toasts, and the receipt of a success, come with the outcome (unconfirmed/cash-call.ts).
    const outcome = await cashCall.send(fields, trx);
    if (!outcome) return;
    // Whatever the answer, the form starts again; an undecided one keeps the modal, showing the operation.
    resetForm();
    if (outcome.kind === 'success') succeeded(outcome.receipt);
    else if (outcome.kind === 'refused') failed(outcome.failure, fields, outcome.operation.trx);
  }

  function succeeded(receipt: ReceiptData | null) {
    if (!receipt) onClose();
    // The modal is gone from the screen; it closes for good once the receipt has printed.
    else setStep({ name: 'printing', receipt });
  }

  function failed(failure: ApiFailure, fields: CallFields, trx: string) {
    const outcome = cashErrorOutcome(failure);
    if (outcome === 'askIdentity') {
      const playerId = identityPlayerOf(failure.details, player);
      if (IdentityForm && playerId !== null) {
        // The form says what the toast said, and stays until answered: the toast would only cover it.
        dispatch(toastClosed(errorToast(failure).id));
        setStep({ name: 'identity', playerId, fields, trx });
        return;
      }
    }
    if (outcome === 'closeAndRefresh') dispatch(baseApi.util.invalidateTags(['Device']));
    if (outcome !== 'stayOpen') onClose();
  }

  if (step.name === 'printing') return <ReceiptPrint receipt={step.receipt} onPrinted={onClose} />;

  const titles: Record<Exclude<Step['name'], 'printing'>, string> = {
    form: t('title', { place: place.place }),
    adultCheck: t('adult.title'),
    underAge: t('underAge.title'),
    bonusConfirm: t('bonus.title'),
    identity: t('identity.title'),
  };

  return (
    <Modal
      title={titles[step.name]}
      onClose={onClose}
      busy={sending}
      // The form is wide (two columns); a question step keeps the narrow default.
      className={step.name === 'form' ? 'cash-modal' : undefined}
    >
      <p className="cash-modal__context">
        <span>{t('device', { name: device.name, id: device.id })}</span>
        {remotePin !== null && (
          <span className="cash-modal__remote">{t('remote', { pin: maskPin(remotePin) })}</span>
        )}
      </p>
      {player && step.name !== 'identity' && <PlayerLine player={player} currency={currency} />}
      {step.name === 'form' && <PlaceUnconfirmedNotice deviceId={device.id} place={place.place} />}
      {step.name === 'form' && (
        <CashForm
          deviceId={device.id}
          place={place.place}
          entries_cents={entries_cents}
          final_bonus_cents={bonus_cents}
          currency={currency}
          block={block}
          userId={me.data?.id}
          amountText={amountText}
          onAmountText={setAmountText}
          onNumpadKey={(key: NumpadKey) => setAmountText((text) => applyAmountKey(text, key))}
          mode={mode}
          onModeChange={setChosenMode}
          onQuickAmount={startQuickAmount}
          enabled={enabled}
          onStart={startOperation}
          printReceipt={printReceipt}
          onPrintReceipt={setPrintReceipt}
          busy={sending}
          blocked={blocked}
          depositRefused={player?.excluded ?? false}
        />
      )}
      {step.name === 'adultCheck' && (
        <AdultCheck
          amount={formatMoney(step.attempt.amount_cents, currency)}
          place={place.place}
          onYes={() => void send(fieldsOf(step.attempt))}
          onNo={() => setStep({ name: 'underAge' })}
        />
      )}
      {step.name === 'underAge' && <UnderAgeNotice onDone={onClose} />}
      {step.name === 'bonusConfirm' && (
        <BonusConfirm
          kind={step.attempt.kind}
          amount={formatMoney(step.attempt.amount_cents, currency)}
          place={place.place}
          bonus={formatMoney(step.bonus_cents, currency)}
          onConfirm={() => void send(fieldsOf(step.attempt))}
          onCancel={() => setStep({ name: 'form' })}
        />
      )}
      {step.name === 'identity' && IdentityForm && (
        <>
          <p className="cash-modal__identity">
            {t('identity.why', { amount: formatMoney(Math.abs(step.fields.delta), currency) })}
          </p>
          <IdentityForm
            playerId={step.playerId}
            onSaved={() => void send(step.fields, step.trx)}
            onCancel={onClose}
          />
        </>
      )}
    </Modal>
  );
}
