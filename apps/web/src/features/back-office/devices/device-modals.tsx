// Rename or hide a device, and unlink it from the account, each with a reason for the audit log.
import type { Device } from '@cashdesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBoEditDeviceMutation, useBoUnlinkDeviceMutation } from '../shared/back-office-api';
import { CheckboxField, InputField } from '../shared/fields';
import { useFormModal } from '../shared/form-modal';
import { FormShell } from '../shared/form-shell';
import { ReasonField } from '../shared/reason-field';

interface Props {
  accountId: number;
  device: Device;
  onClose: () => void;
}

const NAME_MAX_LENGTH = 64;

export function EditDeviceModal({ accountId, device, onClose }: Props) {
  const { t } = useTranslation('backOffice');
  const [edit, { isLoading }] = useBoEditDeviceMutation();
  const form = useFormModal(onClose, isLoading);
  const [name, setName] = useState(device.name);
  const [hidden, setHidden] = useState(device.hidden);
  const nameError = name.trim() === '' ? t('form.required') : null;

  async function submit() {
    if (nameError) return;
    const body = { name: name.trim(), hidden, ...form.reason };
    await form.send(edit({ id: accountId, deviceId: device.id, body }), 'devices.saved');
  }

  return (
    <FormShell
      {...form.shell}
      title={t('devices.editTitle', { id: device.id })}
      submitLabel={t('common:save')}
      onSubmit={submit}
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
      <ReasonField {...form.reasonField} />
    </FormShell>
  );
}

export function UnlinkDeviceModal({ accountId, device, onClose }: Props) {
  const { t } = useTranslation('backOffice');
  const [unlink, { isLoading }] = useBoUnlinkDeviceMutation();
  const form = useFormModal(onClose, isLoading);

  const submit = () =>
    form.send(unlink({ id: accountId, deviceId: device.id, body: form.reason }), 'devices.unlinked');

  return (
    <FormShell
      {...form.shell}
      title={t('devices.unlinkTitle', { name: device.name })}
      submitLabel={t('devices.unlinkConfirm')}
      submitClassName="button--danger"
      onSubmit={submit}
    >
      <p>{t('devices.unlinkExplain')}</p>
      <ReasonField {...form.reasonField} />
    </FormShell>
  );
}
