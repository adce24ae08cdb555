// Connects to a home-play phone by its 6-digit PIN (docs/product.md section 2, Remote device modal; errors in section 8).
// On success the parent opens the device with the PIN kept in memory.
import { ERR, PIN_LENGTH } from '@cashdesk/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import i18n from '../../../i18n/i18n';
import deviceModalsTexts from '../../../i18n/locales/en/device-modals.json';
import { addPartTexts } from '../../../i18n/part-resources';
import { apiFailure } from '../../../api/api-error';
import { errorToast } from '../../../api/error-toast';
import { useAppDispatch } from '../../../store/hooks';
import { Modal } from '../../../components/ui/modal';
import { toastShown, type Toast } from '../../../store/toasts-slice';
import { newTrx } from '../../../lib/trx';
import { useRegisterRemoteDeviceMutation } from '../api/devices-api';
import type { RemoteConnection } from '../devices-view-slice';
import { answerUnknown } from './add-device-modal';
import { ModalMessage } from './modal-message';
import { PinEntry } from './pin-entry';

// Its English texts come with this chunk, in before its first render (i18n/part-resources.ts).
addPartTexts(i18n, 'devices', deviceModalsTexts);

export interface RemoteDeviceModalProps {
  onClose: () => void;
  onConnected: (connection: RemoteConnection) => void;
  /** A 406 (the PIN was used at another cash desk): the whole view resets. */
  onReset: () => void;
}

export function RemoteDeviceModal({ onClose, onConnected, onReset }: RemoteDeviceModalProps) {
  const { t } = useTranslation('devices');
  const dispatch = useAppDispatch();
  const [connect, { isLoading }] = useRegisterRemoteDeviceMutation();
  const [pin, setPin] = useState('');
  /**
   * The refusal the message step shows: null for the usual 'check the PIN'; on a 429 (the PIN tries of
   * the cashier, venue or address held) the wait its toast names, so the modal does not ask to check a
   * PIN the server did not even look at.
   */
  const [failed, setFailed] = useState<{ wait: Toast | null } | null>(null);
  const attempt = useRef<{ pin: string; trx: string } | null>(null);

  async function submit() {
    if (pin.length === 0 || isLoading) return;
    if (attempt.current?.pin !== pin) attempt.current = { pin, trx: newTrx() };
    const result = await connect(attempt.current);
    if (result.data) {
      attempt.current = null;
      onConnected({ deviceId: result.data.id, pin });
      return;
    }
    const failure = apiFailure(result.error);
    if (!answerUnknown(failure)) attempt.current = null;
    const toast = errorToast(failure, 'remote');
    dispatch(toastShown(toast));
    if (failure.status === 406) {
      onReset();
      return;
    }
    setFailed({ wait: failure.err === ERR.tooManyAttempts ? toast : null });
  }

  return (
    <Modal title={t('remote.title')} onClose={onClose} busy={isLoading} className="device-pin-modal">
      {failed ? (
        <ModalMessage
          tone="error"
          onOk={() => {
            setPin('');
            setFailed(null);
          }}
        >
          <p>{failed.wait ? t(failed.wait.key, failed.wait.params) : t('remote.error')}</p>
        </ModalMessage>
      ) : (
        <PinEntry
          pin={pin}
          maxLength={PIN_LENGTH.remote}
          onChange={setPin}
          onSubmit={() => void submit()}
          actionLabel={isLoading ? t('common:loading') : t('remote.activate')}
          disabled={isLoading}
        />
      )}
    </Modal>
  );
}
