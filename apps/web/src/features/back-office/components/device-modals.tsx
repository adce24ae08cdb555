// Rename or hide a device, and unlink it from the account, each with a reason for the audit log.
import type { Device } from '@cashdesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../store/hooks';
import { toastShown } from '../../../store/toasts-slice';
import { useBoEditDeviceMutation, useBoUnlinkDeviceMutation } from '../api/back-office-api';
import { failureText } from '../lib/failure-text';
import { CheckboxField, InputField } from './fields';
import { FormShell } from './form-shell';
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

  async function submit() {
    if (nameError) return;
    const body = { name: name.trim(), hidden, ...reasonOf(reason) };
    const result = await edit({ id: accountId, deviceId: device.id, body });
    if (result.error) return setFailure(failureText(result.error, t));
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
    <FormShell
      title={t('devices.editTitle', { id: device.id })}
      busy={isLoading}
      failure={failure}
      submitLabel={t('common:save')}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
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
    </FormShell>
  );
}

export function UnlinkDeviceModal({ accountId, device, onClose }: Props) {
  const { t } = useTranslation('backOffice');
  const dispatch = useAppDispatch();
  const [unlink, { isLoading }] = useBoUnlinkDeviceMutation();
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  async function submit() {
    const result = await unlink({ id: accountId, deviceId: device.id, body: reasonOf(reason) });
    if (result.error) return setFailure(failureText(result.error, t));
    dispatch(
      toastShown({ id: `bo:unlinked:${device.id}`, kind: 'success', key: 'backOffice:devices.unlinked' }),
    );
    onClose();
  }

  return (
    <FormShell
      title={t('devices.unlinkTitle', { name: device.name })}
      busy={isLoading}
      failure={failure}
      submitLabel={t('devices.unlinkConfirm')}
      submitClassName="button--danger"
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      <p>{t('devices.unlinkExplain')}</p>
      <ReasonField value={reason} onChange={setReason} />
    </FormShell>
  );
}
