// The console's Set password form: a new password for a user, who is then signed out everywhere.
import { NEW_PASSWORD_MIN_LENGTH } from '@cashdesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/ui/form-field';
import { useBoSetPasswordMutation } from '../api/back-office-api';
import { failureText } from '../lib/failure-text';
import { FormShell } from './form-shell';
import { ReasonField, reasonOf } from './reason-field';
import { passwordError, useSuccessToast, type UserModalProps } from './user-modal-parts';

export function PasswordModal({ scope, user, onClose }: UserModalProps) {
  const { t } = useTranslation('backOffice');
  const toast = useSuccessToast();
  const [save, { isLoading }] = useBoSetPasswordMutation();
  const [password, setPassword] = useState('');
  const [reason, setReason] = useState('');
  const [checked, setChecked] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const error = passwordError(password);

  async function submit() {
    setChecked(true);
    if (error) return;
    const result = await save({ scope, userId: user.id, body: { password, ...reasonOf(reason) } });
    if (result.error) return setFailure(failureText(result.error, t));
    toast('users.passwordSet', { login: user.login });
    onClose();
  }

  return (
    <FormShell
      title={t('users.passwordTitle', { login: user.login })}
      busy={isLoading}
      failure={failure}
      submitLabel={t('users.setPassword')}
      onClose={onClose}
      onSubmit={() => void submit()}
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
      <ReasonField value={reason} onChange={setReason} />
    </FormShell>
  );
}
