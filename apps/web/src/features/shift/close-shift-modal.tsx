// The blind close: the cashier counts the drawer (the total, or notes and coins) and enters the cash
// without seeing what the system expects; the server answers the Z-report, which the gate then shows. A close is final (no shift can be
// reopened, docs/shifts.md), so Close shift first shows the counted amount for a second look: only
// Confirm sends it; Back (or Escape) returns to the count with the text kept.
import { type ZReport } from '@cashdesk/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFailure } from '../../api/api-error';
import { errorToast } from '../../api/error-toast';
import { Modal } from '../../components/ui/modal';
import { formatMoney } from '../../lib/money';
import { useAppDispatch } from '../../store/hooks';
import { toastShown } from '../../store/toasts-slice';
import { useCloseShiftMutation } from './api/shift-api';
import { countKey, DrawerCountForm, useDrawerCountState, type DrawerCountValue } from './drawer-count-form';
import { addShiftTexts } from './shift-texts';
import { useAttemptTrx } from './use-count-submit';

addShiftTexts();

export interface CloseShiftModalProps {
  currency?: string | undefined;
  onCancel: () => void;
  onClosed: (report: ZReport) => void;
}

export function CloseShiftModal({ currency, onCancel, onClosed }: CloseShiftModalProps) {
  const { t } = useTranslation('shift');
  const dispatch = useAppDispatch();
  const [closeShift, { isLoading }] = useCloseShiftMutation();
  const { trxFor, settle } = useAttemptTrx();
  const countState = useDrawerCountState();
  // The count awaiting the cashier's Confirm; null while the count is being entered.
  const [checking, setChecking] = useState<DrawerCountValue | null>(null);

  async function submit(count: DrawerCountValue) {
    const result = await closeShift({ ...count, trx: trxFor(countKey(count)) });
    if (!result.error) {
      settle();
      onClosed(result.data);
      return;
    }
    const failure = apiFailure(result.error);
    if (failure.status !== 'network' && failure.status !== 500) settle();
    dispatch(toastShown(errorToast(failure)));
    // No open shift any more (closed in another tab): the gate already shows the Open shift screen.
    if (failure.status === 403) onCancel();
  }

  return (
    // One modal for both steps (focus stays inside it); on the check, Escape and the × go back to the
    // count, not out of the close: the cashier asked to close.
    <Modal
      title={t('close.title')}
      onClose={checking === null ? onCancel : () => setChecking(null)}
      busy={isLoading}
      className="close-shift-modal"
    >
      {checking !== null ? (
        <CountCheck
          counted={formatMoney(checking.counted_cents, currency)}
          busy={isLoading}
          onBack={() => setChecking(null)}
          onConfirm={() => void submit(checking)}
        />
      ) : (
        <>
          <p className="shift-hint">{t('close.hint')}</p>
          <DrawerCountForm
            state={countState}
            onSubmit={setChecking}
            busy={isLoading}
            label={t('countedCash')}
            submitLabel={t('close.confirm')}
            currency={currency}
          />
        </>
      )}
    </Modal>
  );
}

interface CountCheckProps {
  counted: string;
  busy: boolean;
  onBack: () => void;
  onConfirm: () => void;
}

/**
 * The count once more before the close is made. The form itself takes the focus, not Confirm: the Enter
 * that left the count is still going (Chromium submits on its keypress, after React has drawn this step),
 * and a focused Confirm would take that keypress as a click and close unasked. Enter pressed here
 * confirms (the form's own keydown); Tab reaches Back and Confirm.
 */
function CountCheck({ counted, busy, onBack, onConfirm }: CountCheckProps) {
  const { t } = useTranslation('shift');
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => formRef.current?.focus(), []);
  return (
    <form
      ref={formRef}
      tabIndex={-1}
      className="shift-check"
      aria-busy={busy}
      onKeyDown={(event) => {
        if (event.key !== 'Enter' || event.target !== event.currentTarget || event.repeat) return;
        event.preventDefault();
        if (!busy) onConfirm();
      }}
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) onConfirm();
      }}
    >
      <p className="shift-check__question">{t('close.check')}</p>
      <p className="shift-check__amount">
        <span>{t('countedCash')}</span> <strong>{counted}</strong>
      </p>
      <div className="shift-check__actions">
        <button type="button" onClick={onBack} disabled={busy}>
          {t('close.back')}
        </button>
        <button type="submit" className="button--primary" aria-disabled={busy}>
          {busy ? t('sending') : t('close.confirmCount')}
        </button>
      </div>
    </form>
  );
}
