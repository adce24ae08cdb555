// What the cashier reads about one unconfirmed operation, wherever it shows (the place's row, the cash
// modal, the venue-wide list): what it was, when, that it is being checked and why, never a plain
// failure, and a "Check again" that sends the same request at once. PlaceUnconfirmedNotice finds a
// place's own, so the screens that show places need one line for it.
import { useTranslation } from 'react-i18next';
import i18n from '../../../i18n/i18n';
import unconfirmedNoticeTexts from '../../../i18n/locales/en/unconfirmed-notice.json';
import { addPartTexts } from '../../../i18n/part-resources';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { formatShortDate } from '../../../lib/date-time';
import { formatMoney } from '../../../lib/money';
import { useCashCall } from '../use-cash-call';
import { retractWaiting } from './resend-unconfirmed';
import { amountOf, type UnconfirmedOperation } from './unconfirmed-operation';
import { isShownUnconfirmed, selectIsSending, selectPlaceOperation } from './unconfirmed-slice';
import './unconfirmed.css';

// Its English texts come with this chunk, in before its first render (i18n/part-resources.ts).
addPartTexts(i18n, 'cash', unconfirmedNoticeTexts);

export interface UnconfirmedNoticeProps {
  operation: UnconfirmedOperation;
  /** 'place': shown at the place (it says the place waits); 'venue': in the list, naming device and place. */
  at: 'place' | 'venue';
}

export function UnconfirmedNotice({ operation, at }: UnconfirmedNoticeProps) {
  const { t } = useTranslation('cash');
  const dispatch = useAppDispatch();
  const { resend } = useCashCall();
  const sending = useAppSelector((s) => selectIsSending(s, operation.trx));
  const amount = formatMoney(amountOf(operation), operation.currency);
  const name = t(`actions.${operation.kind}`);
  const problem = operation.problem ?? 'interrupted';
  // The product's own text for a timeout (docs/product.md section 8): it was unreachable before cash calls had a timeout.
  const reason = problem === 'timeout' ? t('errors:timeout') : t(`unconfirmed.reason.${problem}`);

  return (
    <div className="unconfirmed-notice" data-trx={operation.trx}>
      <p className="unconfirmed-notice__what">
        <strong>{t(problem === 'approval' ? 'unconfirmed.heldTitle' : 'unconfirmed.title')}</strong>{' '}
        {t('unconfirmed.what', {
          operation: name,
          amount,
          time: formatShortDate(new Date(operation.createdAt).toISOString()),
        })}
      </p>
      {at === 'venue' && (
        <p>
          {t('unconfirmed.where', {
            device: operation.deviceName,
            id: operation.deviceId,
            place: operation.place,
          })}
        </p>
      )}
      <p>
        {sending ? t('unconfirmed.checking') : t('unconfirmed.waiting')} {reason}
      </p>
      <p>{t('unconfirmed.doNotRepeat')}</p>
      {at === 'place' && <p>{t('unconfirmed.placeBlocked')}</p>}
      <button
        type="button"
        className="unconfirmed-notice__check"
        aria-label={t('unconfirmed.checkAgainLabel', { operation: name, amount, place: operation.place })}
        disabled={sending}
        onClick={() => void resend(operation.trx)}
      >
        {t('unconfirmed.checkAgain')}
      </button>
      {problem === 'approval' && operation.approvalId !== undefined && (
        <button
          type="button"
          className="unconfirmed-notice__check"
          aria-label={t('unconfirmed.retractLabel', { operation: name, amount, place: operation.place })}
          disabled={sending}
          onClick={() => void dispatch(retractWaiting(operation.trx))}
        >
          {t('unconfirmed.withdraw')}
        </button>
      )}
    </div>
  );
}

/** The notice of a place's unconfirmed operation, or nothing (also while its first request is running). */
export function PlaceUnconfirmedNotice({
  deviceId,
  place,
  className,
}: {
  deviceId: number;
  place: number;
  className?: string;
}) {
  const operation = useAppSelector((s) => selectPlaceOperation(s, deviceId, place));
  const sending = useAppSelector((s) => (operation ? selectIsSending(s, operation.trx) : false));
  if (!operation || !isShownUnconfirmed(operation, sending)) return null;
  return (
    <div className={className}>
      <UnconfirmedNotice operation={operation} at="place" />
    </div>
  );
}
