// Links a cabinet to the venue by the PIN it shows (docs/product.md section 2, Add device modal; errors in section 8).
// States: idle (PIN entry), success (the new id), error and errorLinked (a message and OK to retry).
import { ERR, PIN_LENGTH } from '@cashdesk/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import i18n from '../../../i18n/i18n';
import deviceModalsTexts from '../../../i18n/locales/en/device-modals.json';
import { addPartTexts } from '../../../i18n/part-resources';
import { apiFailure, type ApiFailure } from '../../../api/api-error';
import { errorToast } from '../../../api/error-toast';
import { useAppDispatch } from '../../../store/hooks';
import { Modal } from '../../../components/ui/modal';
import { toastShown, type Toast } from '../../../store/toasts-slice';
import { newTrx } from '../../../lib/trx';
import { useRegisterDeviceMutation } from '../api/devices-api';
import { ModalMessage } from './modal-message';
import { PinEntry } from './pin-entry';

// Its English texts come with this chunk, in before its first render (i18n/part-resources.ts).
addPartTexts(i18n, 'devices', deviceModalsTexts);

type AddState =
  | { step: 'idle' }
  | { step: 'success'; id: number }
  /** `wait`: a 429's toast, said by the message too instead of 'check the PIN'. */
  | { step: 'error'; wait: Toast | null }
  | { step: 'errorLinked' };

/** No answer or a 500: the server may have linked the device, so a retry must replay the same trx. */
export function answerUnknown(failure: ApiFailure): boolean {
  return failure.status === 'network' || failure.status === 500;
}

export function AddDeviceModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('devices');
  const dispatch = useAppDispatch();
  const [register, { isLoading }] = useRegisterDeviceMutation();
  const [pin, setPin] = useState('');
  const [state, setState] = useState<AddState>({ step: 'idle' });
  // The trx of the last attempt, kept for the same PIN until its answer is known (idempotent replay).
  const attempt = useRef<{ pin: string; trx: string } | null>(null);

  async function submit() {
    if (pin.length === 0 || isLoading) return;
    if (attempt.current?.pin !== pin) attempt.current = { pin, trx: newTrx() };
    const result = await register(attempt.current);
    if (result.data) {
      attempt.current = null;
      dispatch(
        toastShown({ id: `devices:added:${result.data.id}`, kind: 'success', key: 'devices:add.added' }),
      );
      setState({ step: 'success', id: result.data.id });
      return;
    }
    const failure = apiFailure(result.error);
    if (!answerUnknown(failure)) attempt.current = null;
    if (failure.err === ERR.errorLinking) {
      setState({ step: 'errorLinked' });
      return;
    }
    const toast = errorToast(failure);
    dispatch(toastShown(toast));
    setState({ step: 'error', wait: failure.err === ERR.tooManyAttempts ? toast : null });
  }

  function retry() {
    setPin('');
    setState({ step: 'idle' });
  }

  return (
    <Modal title={t('add.title')} onClose={onClose} busy={isLoading} className="device-pin-modal">
      {state.step === 'idle' && (
        <>
          <PinEntry
            pin={pin}
            maxLength={PIN_LENGTH.cabinet}
            onChange={setPin}
            onSubmit={() => void submit()}
            disabled={isLoading}
          />
          <div className="device-modal__actions">
            <button
              type="button"
              className="button--primary"
              disabled={pin.length === 0 || isLoading}
              onClick={() => void submit()}
            >
              {isLoading ? t('common:loading') : t('add.submit')}
            </button>
          </div>
        </>
      )}
      {state.step === 'success' && (
        <ModalMessage tone="success" onOk={onClose}>
          <p>{t('add.success')}</p>
          <p className="device-pin-modal__id">{t('add.newId', { id: state.id })}</p>
        </ModalMessage>
      )}
      {state.step === 'error' && (
        <ModalMessage tone="error" onOk={retry}>
          <p>{state.wait ? t(state.wait.key, state.wait.params) : t('add.error')}</p>
        </ModalMessage>
      )}
      {state.step === 'errorLinked' && (
        <ModalMessage tone="error" onOk={retry}>
          <p>{t('add.errorLinked')}</p>
        </ModalMessage>
      )}
    </Modal>
  );
}
