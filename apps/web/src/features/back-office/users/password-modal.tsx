// The console's Set password form: a new password for a user, who is then signed out everywhere.
import { NEW_PASSWORD_MIN_LENGTH } from '@cashdesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/ui/form-field';
import { useBoSetPasswordMutation } from '../shared/back-office-api';
import { useFormModal } from '../shared/form-modal';
import { FormShell } from '../shared/form-shell';
import { ReasonField } from '../shared/reason-field';
import { passwordError, type UserModalProps } from './user-modal-parts';

export function PasswordModal({ scope, user, onClose }: UserModalProps) {
  const { t } = useTranslation('backOffice');
  const [save, { isLoading }] = useBoSetPasswordMutation();
  const form = useFormModal(onClose, isLoading);
  const [password, setPassword] = useState('');
  const [checked, setChecked] = useState(false);
  const error = passwordError(password);

  async function submit() {
    setChecked(true);
    if (error) return;
    const body = { password, ...form.reason };
    await form.send(save({ scope, userId: user.id, body }), 'users.passwordSet', { login: user.login });
  }

  return (
    <FormShell
      {...form.shell}
      title={t('users.passwordTitle', { login: user.login })}
      submitLabel={t('users.setPassword')}
      onSubmit={submit}
    >
      <p>{t('users.passwordExplain')}</p>
      <PasswordField
        label={t('users.newPassword')}
        toggleLabel={t('users.showPassword')}
        value={password}
        autoComplete="new-password"
        error={checked && error ? t(error, { min: NEW_PASSWORD_MIN_LENGTH }) : null}
        onValueChange={setPassword}
      />
      <ReasonField {...form.reasonField} />
    </FormShell>
  );
}
