// The admin's new-account form: settings and currency; the float starts at 0 (top it up afterwards).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useBoCreateAccountMutation } from '../shared/back-office-api';
import { NEW_ACCOUNT_VALUES, toCreateRequest, type AccountFormErrors } from './account-form';
import { AccountFields } from './account-fields';
import { useFormModal } from '../shared/form-modal';
import { FormShell } from '../shared/form-shell';

export function CreateAccountModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('backOffice');
  const navigate = useNavigate();
  const [create, { isLoading }] = useBoCreateAccountMutation();
  const form = useFormModal(onClose, isLoading);
  const [values, setValues] = useState(NEW_ACCOUNT_VALUES);
  const [errors, setErrors] = useState<AccountFormErrors>({});

  async function submit() {
    const { errors: found, request } = toCreateRequest(values);
    setErrors(found);
    if (!request) return;
    const account = await form.send(create(request), 'accounts.created');
    if (account) void navigate(`/back-office/accounts/${account.id}`);
  }

  return (
    <FormShell
      {...form.shell}
      title={t('accounts.new')}
      submitLabel={t('accounts.create')}
      onSubmit={submit}
      wide
    >
      <AccountFields values={values} errors={errors} onChange={setValues} mode="create" />
    </FormShell>
  );
}
