// The console's Edit user form: name, account (an admin moving a non-admin) and blocked.
import type { Account } from '@cashdesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBoUpdateUserMutation } from '../shared/back-office-api';
import { CheckboxField, InputField, SelectField } from '../shared/fields';
import { useFormModal } from '../shared/form-modal';
import { FormShell } from '../shared/form-shell';
import { ReasonField } from '../shared/reason-field';
import type { UserModalProps } from './user-modal-parts';

export function EditUserModal({
  scope,
  user,
  accounts,
  onClose,
}: UserModalProps & { accounts: readonly Account[] }) {
  const { t } = useTranslation('backOffice');
  const [update, { isLoading }] = useBoUpdateUserMutation();
  const form = useFormModal(onClose, isLoading);
  const [name, setName] = useState(user.name);
  const [accountId, setAccountId] = useState(String(user.account_id ?? ''));
  const [blocked, setBlocked] = useState(user.blocked);
  const canMove = scope.kind === 'admin' && user.role !== 'admin';

  async function submit() {
    if (name.trim() === '') return form.setFailure(t('form.required'));
    const body = {
      ...(name.trim() !== user.name ? { name: name.trim() } : {}),
      ...(canMove && Number(accountId) !== user.account_id ? { account_id: Number(accountId) } : {}),
      ...(blocked !== user.blocked ? { blocked } : {}),
      ...form.reason,
    };
    await form.send(update({ scope, userId: user.id, body }), 'users.saved', { login: user.login });
  }

  return (
    <FormShell
      {...form.shell}
      title={t('users.editTitle', { login: user.login })}
      submitLabel={t('common:save')}
      onSubmit={submit}
    >
      <InputField label={t('users.name')} value={name} onChange={(e) => setName(e.target.value)} />
      {canMove && (
        <SelectField
          label={t('users.account')}
          value={accountId}
          onChange={(e) => setAccountId(e.target.value)}
        >
          {accounts.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </SelectField>
      )}
      <CheckboxField
        label={t('users.blocked')}
        description={t('users.blockedHint')}
        checked={blocked}
        onChange={setBlocked}
      />
      <ReasonField {...form.reasonField} />
    </FormShell>
  );
}
