// The console's Restrictions form of a user.
import type { Restriction } from '@cashdesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBoSetRestrictionsMutation } from '../api/back-office-api';
import { failureText } from '../lib/failure-text';
import { FormShell } from './form-shell';
import { ReasonField, reasonOf } from './reason-field';
import { RestrictionsFieldset } from './restrictions-fieldset';
import { useSuccessToast, type UserModalProps } from './user-modal-parts';

export function RestrictionsModal({ scope, user, onClose }: UserModalProps) {
  const { t } = useTranslation('backOffice');
  const toast = useSuccessToast();
  const [save, { isLoading }] = useBoSetRestrictionsMutation();
  const [restrictions, setRestrictions] = useState(user.restrictions as Restriction[]);
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  async function submit() {
    const result = await save({ scope, userId: user.id, body: { restrictions, ...reasonOf(reason) } });
    if (result.error) return setFailure(failureText(result.error, t));
    toast('users.saved', { login: user.login });
    onClose();
  }

  return (
    <FormShell
      title={t('users.restrictionsTitle', { login: user.login })}
      busy={isLoading}
      failure={failure}
      submitLabel={t('common:save')}
      onClose={onClose}
      onSubmit={() => void submit()}
      wide
    >
      <RestrictionsFieldset value={restrictions} onChange={setRestrictions} />
      <ReasonField value={reason} onChange={setReason} />
    </FormShell>
  );
}
