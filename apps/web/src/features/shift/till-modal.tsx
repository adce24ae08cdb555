// The till (docs/product.md section 17), a chunk of its own opened from the navigation's Till entry: what a
// cage or a point of sale has beside the cash operations. A cash drop to the safe, a paid-in or a paid-out
// with its reason (each recorded in the open shift under one trx per attempt, so a retry counts once), the
// X-report of the open shift (its figures so far, never the expected cash), and a copy of the last
// receipt, printed by the receipt's own code and marked COPY.
import type { DrawerMovementKind, ReceiptCopy } from '@cashdesk/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFailure } from '../../api/api-error';
import { errorToast } from '../../api/error-toast';
import { Modal } from '../../components/ui/modal';
import { formatMoney } from '../../lib/money';
import { useAppDispatch } from '../../store/hooks';
import { toastShown } from '../../store/toasts-slice';
import { Receipt, receiptOfCopy } from '../cash';
import { useMoveDrawerMutation, useReprintReceiptMutation, useXReportQuery } from './api/drawer-api';
import { CountEntry, countToCents } from './count-entry';
import { addShiftTexts } from './shift-texts';
import { useAttemptTrx } from './use-count-submit';
import { PaperView, XReportSheet } from './z-report';
import './shift.css';

addShiftTexts();

type Step = { name: 'menu' } | { name: 'move'; kind: DrawerMovementKind } | { name: 'x' } | { name: 'copy' };

export interface TillModalProps {
  shiftId: number;
  currency?: string | undefined;
  onClose: () => void;
}

export function TillModal({ shiftId, currency, onClose }: TillModalProps) {
  const { t } = useTranslation('shift');
  const [step, setStep] = useState<Step>({ name: 'menu' });
  const [busy, setBusy] = useState(false);
  const back = () => setStep({ name: 'menu' });
  const title =
    step.name === 'move'
      ? t(`till.${step.kind}`)
      : step.name === 'x'
        ? t('till.xReport')
        : step.name === 'copy'
          ? t('till.reprint')
          : t('till.title');
  return (
    // Escape and the × leave a step for the menu, and the menu for the screen.
    <Modal title={title} onClose={step.name === 'menu' ? onClose : back} busy={busy} className="till-modal">
      {step.name === 'menu' && <TillMenu onStep={setStep} />}
      {step.name === 'move' && (
        <MoveStep
          kind={step.kind}
          shiftId={shiftId}
          currency={currency}
          onBusy={setBusy}
          onBack={back}
          onDone={onClose}
        />
      )}
      {step.name === 'x' && <XReportStep shiftId={shiftId} onBack={back} />}
      {step.name === 'copy' && <CopyStep onBack={back} />}
    </Modal>
  );
}

function TillMenu({ onStep }: { onStep: (step: Step) => void }) {
  const { t } = useTranslation('shift');
  const kinds: DrawerMovementKind[] = ['drop', 'paid_in', 'paid_out'];
  return (
    <>
      <p className="shift-hint">{t('till.menu')}</p>
      <div className="till-menu">
        {kinds.map((kind) => (
          <button key={kind} type="button" onClick={() => onStep({ name: 'move', kind })}>
            {t(`till.${kind}`)}
          </button>
        ))}
        <button type="button" onClick={() => onStep({ name: 'x' })}>
          {t('till.xReport')}
        </button>
        <button type="button" onClick={() => onStep({ name: 'copy' })}>
          {t('till.reprint')}
        </button>
      </div>
    </>
  );
}

interface MoveStepProps {
  kind: DrawerMovementKind;
  shiftId: number;
  currency?: string | undefined;
  onBusy: (busy: boolean) => void;
  onBack: () => void;
  onDone: () => void;
}

/** An amount on the numpad and a reason (required for a paid-in or paid-out, a note for a drop). */
function MoveStep({ kind, shiftId, currency, onBusy, onBack, onDone }: MoveStepProps) {
  const { t } = useTranslation('shift');
  const dispatch = useAppDispatch();
  const [move, { isLoading }] = useMoveDrawerMutation();
  const { trxFor, settle } = useAttemptTrx();
  const [text, setText] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reasonRequired = kind !== 'drop';
  useEffect(() => onBusy(isLoading), [isLoading, onBusy]);

  async function submit() {
    const amount = countToCents(text);
    if (!amount) {
      setError(t('till.amountRequired'));
      return;
    }
    const why = reason.trim();
    if (reasonRequired && !why) {
      setError(t('till.reasonRequired'));
      return;
    }
    const trx = trxFor(`${kind}|${amount}|${why}`);
    const result = await move({ shiftId, kind, body: { amount, trx, ...(why ? { reason: why } : {}) } });
    if (!result.error) {
      settle();
      const params = { amount: formatMoney(amount, currency) };
      dispatch(
        toastShown({ id: `shift:${kind}:${trx}`, kind: 'success', key: `shift:till.done.${kind}`, params }),
      );
      onDone();
      return;
    }
    const failure = apiFailure(result.error);
    // A lost answer or a 500: the same request is sent again under the same trx.
    if (failure.status !== 'network' && failure.status !== 500) settle();
    dispatch(toastShown(errorToast(failure)));
    // The shift is gone (closed in another tab): the gate shows the Open shift screen.
    if (failure.status === 403 || failure.status === 404) onDone();
  }

  return (
    <>
      <p className="shift-hint">{t(`till.hint.${kind}`)}</p>
      <CountEntry
        value={text}
        onChange={(next) => {
          setText(next);
          setError(null);
        }}
        onSubmit={() => void submit()}
        busy={isLoading}
        label={t('till.amount')}
        submitLabel={t(`till.confirm.${kind}`)}
        currency={currency}
        error={error}
      >
        <label className="till-reason">
          <span>{t(reasonRequired ? 'till.reason' : 'till.note')}</span>
          <input
            name="reason"
            value={reason}
            maxLength={500}
            autoComplete="off"
            required={reasonRequired}
            readOnly={isLoading}
            onChange={(event) => {
              setReason(event.target.value);
              setError(null);
            }}
          />
        </label>
      </CountEntry>
      <button type="button" className="till-back" onClick={onBack} disabled={isLoading}>
        {t('till.back')}
      </button>
    </>
  );
}

/** The X-report read now, with Print. */
function XReportStep({ shiftId, onBack }: { shiftId: number; onBack: () => void }) {
  const { t } = useTranslation('shift');
  const dispatch = useAppDispatch();
  const x = useXReportQuery(shiftId, { refetchOnMountOrArgChange: true });
  useEffect(() => {
    if (x.error) dispatch(toastShown(errorToast(apiFailure(x.error))));
  }, [x.error, dispatch]);
  if (!x.data || x.isFetching) {
    return (
      <>
        <p className="shift-hint" role="status">
          {x.error ? '' : t('till.loading')}
        </p>
        <button type="button" className="till-back" onClick={onBack}>
          {t('till.back')}
        </button>
      </>
    );
  }
  return <PaperView sheet={<XReportSheet report={x.data} />} onDone={onBack} doneLabel={t('till.back')} />;
}

/** The copy of the last receipt: asked for once as the step opens (each copy is audited), then shown. */
function CopyStep({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('shift');
  const dispatch = useAppDispatch();
  const [reprint] = useReprintReceiptMutation();
  const [copy, setCopy] = useState<ReceiptCopy | 'none' | null>(null);
  const asked = useRef(false);
  useEffect(() => {
    // Once, also under StrictMode's second effect run: every call is a copy in the audit log.
    if (asked.current) return;
    asked.current = true;
    void reprint().then((result) => {
      if (!result.error) return setCopy(result.data);
      const failure = apiFailure(result.error);
      if (failure.status === 404) return setCopy('none');
      dispatch(toastShown(errorToast(failure)));
      onBack();
    });
  }, [reprint, dispatch, onBack]);
  if (copy === null || copy === 'none') {
    return (
      <>
        <p className="shift-hint" role="status">
          {t(copy === 'none' ? 'till.noReceipt' : 'till.loading')}
        </p>
        <button type="button" className="till-back" onClick={onBack}>
          {t('till.back')}
        </button>
      </>
    );
  }
  const sheet = (
    <div className="receipt-copy">
      <p className="receipt-copy__mark">{t('till.copy')}</p>
      <Receipt receipt={receiptOfCopy(copy)} />
    </div>
  );
  return <PaperView sheet={sheet} onDone={onBack} doneLabel={t('till.back')} />;
}
