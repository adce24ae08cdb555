// The blind close: the cashier counts the drawer and enters the cash without seeing what the system
// expects; the server answers the Z-report, which the gate then shows.
import { type ZReport } from '@cashdesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFailure } from '../../api/api-error';
import { errorToast } from '../../api/error-toast';
import { Modal } from '../../components/ui/modal';
import { useAppDispatch } from '../../store/hooks';
import { toastShown } from '../../store/toasts-slice';
import { useCloseShiftMutation } from './api/shift-api';
import { CountEntry, countToCents } from './count-entry';
import { useAttemptTrx } from './use-count-submit';

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
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit() {
    const counted = countToCents(text);
    if (counted === null) {
      setError(t('countRequired'));
      return;
    }
    const result = await closeShift({ counted_cents: counted, trx: trxFor(counted) });
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
    <Modal title={t('close.title')} onClose={onCancel} busy={isLoading} className="close-shift-modal">
      <p className="shift-hint">{t('close.hint')}</p>
      <CountEntry
        value={text}
        onChange={(next) => {
          setText(next);
          setError(null);
        }}
        onSubmit={() => void submit()}
        busy={isLoading}
        label={t('countedCash')}
        submitLabel={t('close.confirm')}
        currency={currency}
        error={error}
      />
    </Modal>
  );
}
