// Rename or hide a device, and unlink it from the account, each with a reason for the audit log.
import type { Device } from '@cashdesk/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../app/hooks';
import { Modal } from '../../../components/ui/modal';
import { toastShown } from '../../toasts/toasts-slice';
import { useBoEditDeviceMutation, useBoUnlinkDeviceMutation } from '../api/back-office-api';
import { failureText } from '../lib/failure-text';
import { CheckboxField, FormAlert, InputField } from './fields';
import { ReasonField, reasonOf } from './reason-field';

interface Props {
  accountId: number;
  device: Device;
  onClose: () => void;
}

const NAME_MAX_LENGTH = 64;

export function EditDeviceModal({ accountId, device, onClose }: Props) {
  const { t } = useTranslation('backOffice');
  const dispatch = useAppDispatch();
  const [edit, { isLoading }] = useBoEditDeviceMutation();
  const [name, setName] = useState(device.name);
  const [hidden, setHidden] = useState(device.hidden);
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const nameError = name.trim() === '' ? t('form.required') : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (isLoading || nameError) return;
    const result = await edit({
      id: accountId,
      deviceId: device.id,
      body: { name: name.trim(), hidden, ...reasonOf(reason) },
    });
    if (result.error) {
      setFailure(failureText(result.error, t));
      return;
    }
    dispatch(
      toastShown({
        id: `bo:device:${device.id}:${Date.now()}`,
        kind: 'success',
        key: 'backOffice:devices.saved',
      }),
    );
    onClose();
  }

  return (
    <Modal title={t('devices.editTitle', { id: device.id })} onClose={onClose} busy={isLoading}>
      <form noValidate onSubmit={(e) => void submit(e)} className="bo-form">
        <InputField
          label={t('devices.name')}
          value={name}
          maxLength={NAME_MAX_LENGTH}
          error={nameError}
          onChange={(e) => setName(e.target.value)}
        />
        <CheckboxField
          label={t('devices.hideLabel')}
          description={t('devices.hideHint')}
          checked={hidden}
          onChange={setHidden}
        />
        <ReasonField value={reason} onChange={setReason} />
        <FormAlert message={failure} />
        <div className="bo-actions">
          <button type="button" onClick={onClose} disabled={isLoading}>
            {t('common:cancel')}
          </button>
          <button type="submit" className="button--primary" aria-disabled={isLoading}>
            {t('common:save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

export function UnlinkDeviceModal({ accountId, device, onClose }: Props) {
  const { t } = useTranslation('backOffice');
  const dispatch = useAppDispatch();
  const [unlink, { isLoading }] = useBoUnlinkDeviceMutation();
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (isLoading) return;
    const result = await unlink({ id: accountId, deviceId: device.id, body: reasonOf(reason) });
    if (result.error) {
      setFailure(failureText(result.error, t));
      return;
    }
    dispatch(
      toastShown({ id: `bo:unlinked:${device.id}`, kind: 'success', key: 'backOffice:devices.unlinked' }),
    );
    onClose();
  }

  return (
    <Modal title={t('devices.unlinkTitle', { name: device.name })} onClose={onClose} busy={isLoading}>
      <form noValidate onSubmit={(e) => void submit(e)} className="bo-form">
        <p>{t('devices.unlinkExplain')}</p>
        <ReasonField value={reason} onChange={setReason} />
        <FormAlert message={failure} />
        <div className="bo-actions">
          <button type="button" onClick={onClose} disabled={isLoading}>
            {t('common:cancel')}
          </button>
          <button type="submit" className="button--danger" aria-disabled={isLoading}>
            {t('devices.unlinkConfirm')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
