// The console's Restrictions form of a user.
import type { Restriction } from '@cashdesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBoSetRestrictionsMutation } from '../shared/back-office-api';
import { useFormModal } from '../shared/form-modal';
import { FormShell } from '../shared/form-shell';
import { ReasonField } from '../shared/reason-field';
import { RestrictionsFieldset } from './restrictions-fieldset';
import type { UserModalProps } from './user-modal-parts';

export function RestrictionsModal({ scope, user, onClose }: UserModalProps) {
  const { t } = useTranslation('backOffice');
  const [save, { isLoading }] = useBoSetRestrictionsMutation();
  const form = useFormModal(onClose, isLoading);
  const [restrictions, setRestrictions] = useState(user.restrictions as Restriction[]);

  async function submit() {
    const body = { restrictions, ...form.reason };
    await form.send(save({ scope, userId: user.id, body }), 'users.saved', { login: user.login });
  }

  return (
    <FormShell
      {...form.shell}
      title={t('users.restrictionsTitle', { login: user.login })}
      submitLabel={t('common:save')}
      onSubmit={submit}
      wide
    >
      <RestrictionsFieldset value={restrictions} onChange={setRestrictions} />
      <ReasonField {...form.reasonField} />
    </FormShell>
  );
}
