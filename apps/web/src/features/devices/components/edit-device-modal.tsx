// Edits a device's name and visibility (docs/product.md section 2, Edit device modal). Saving needs a confirm step:
// form (Cancel / Save) -> confirm (Back / Save) -> request.
import type { Device } from '@cashdesk/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import i18n from '../../../i18n/i18n';
import deviceModalsTexts from '../../../i18n/locales/en/device-modals.json';
import { addPartTexts } from '../../../i18n/part-resources';
import { apiFailure } from '../../../api/api-error';
import { errorToast } from '../../../api/error-toast';
import { useAppDispatch } from '../../../store/hooks';
import { CopyButton } from '../../../components/ui/copy-button';
import { Modal } from '../../../components/ui/modal';
import { toastShown } from '../../../store/toasts-slice';
import { useEditDeviceMutation } from '../api/devices-api';
import { shortenDeviceName } from '../../../lib/shorten-device-name';
import { uuidToHex } from '../../../lib/uuid-to-hex';

// Its English texts come with this chunk, in before its first render (i18n/part-resources.ts).
addPartTexts(i18n, 'devices', deviceModalsTexts);

const NAME_MAX_LENGTH = 64;

export function EditDeviceModal({ device, onClose }: { device: Device; onClose: () => void }) {
  const { t } = useTranslation('devices');
  const dispatch = useAppDispatch();
  const [save, { isLoading }] = useEditDeviceMutation();
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const [name, setName] = useState(device.name);
  const [visible, setVisible] = useState(!device.hidden);
  const nameId = useId();
  const visibleId = useId();
  const uuidHex = uuidToHex(device.uuid) ?? '0'.repeat(32);
  const trimmed = name.trim();

  function toConfirm(event: FormEvent) {
    event.preventDefault();
    if (trimmed.length > 0) setStep('confirm');
  }

  async function confirm() {
    const result = await save({ id: device.id, name: trimmed, hidden: !visible });
    if (result.error) {
      dispatch(toastShown(errorToast(apiFailure(result.error))));
      setStep('form');
      return;
    }
    dispatch(toastShown({ id: `devices:saved:${device.id}`, kind: 'success', key: 'devices:edit.saved' }));
    onClose();
  }

  return (
    <Modal
      title={t('edit.title', { name: shortenDeviceName(device.name, 'editModal') })}
      onClose={onClose}
      busy={isLoading}
    >
      <dl className="device-edit__facts">
        <div>
          <dt>{t('edit.id')}</dt>
          <dd>{device.id}</dd>
        </div>
        <div>
          <dt>{t('edit.uuid')}</dt>
          <dd className="device-edit__uuid">
            <code>{uuidHex}</code>
            <CopyButton value={uuidHex} label={t('edit.uuid')} />
          </dd>
        </div>
        <div>
          <dt>{t('edit.gameId')}</dt>
          <dd>{device.game_id}</dd>
        </div>
      </dl>

      {step === 'form' ? (
        <form className="device-edit__form" onSubmit={toConfirm} noValidate>
          <label htmlFor={nameId}>{t('edit.name')}</label>
          <input
            id={nameId}
            value={name}
            maxLength={NAME_MAX_LENGTH}
            required
            aria-invalid={trimmed.length === 0}
            onChange={(e) => setName(e.target.value)}
          />
          <div className="device-switch">
            <input
              id={visibleId}
              type="checkbox"
              role="switch"
              className="device-switch__input"
              checked={visible}
              onChange={(e) => setVisible(e.target.checked)}
            />
            <label htmlFor={visibleId} className="device-switch__label">
              {t('edit.visible')}
            </label>
          </div>
          <div className="device-modal__actions">
            <button type="button" onClick={onClose}>
              {t('common:cancel')}
            </button>
            <button type="submit" className="button--primary" disabled={trimmed.length === 0}>
              {t('common:save')}
            </button>
          </div>
        </form>
      ) : (
        <div className="device-edit__confirm">
          <p>{t('edit.confirm')}</p>
          <dl className="device-edit__facts">
            <div>
              <dt>{t('edit.name')}</dt>
              <dd>{trimmed}</dd>
            </div>
            <div>
              <dt>{t('edit.visible')}</dt>
              <dd>{visible ? t('common:yes') : t('common:no')}</dd>
            </div>
          </dl>
          <div className="device-modal__actions">
            <button type="button" onClick={() => setStep('form')} disabled={isLoading}>
              {t('common:back')}
            </button>
            <button
              type="button"
              className="button--primary"
              autoFocus
              disabled={isLoading}
              onClick={() => void confirm()}
            >
              {isLoading ? t('common:loading') : t('common:save')}
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}
