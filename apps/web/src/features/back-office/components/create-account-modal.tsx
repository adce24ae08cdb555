// The admin's new-account form: settings and currency; the float starts at 0 (top it up afterwards).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../../store/hooks';
import { toastShown } from '../../../store/toasts-slice';
import { useBoCreateAccountMutation } from '../api/back-office-api';
import { NEW_ACCOUNT_VALUES, toCreateRequest, type AccountFormErrors } from '../lib/account-form';
import { failureText } from '../lib/failure-text';
import { AccountFields } from './account-fields';
import { FormShell } from './form-shell';

export function CreateAccountModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('backOffice');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [create, { isLoading }] = useBoCreateAccountMutation();
  const [values, setValues] = useState(NEW_ACCOUNT_VALUES);
  const [errors, setErrors] = useState<AccountFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  async function submit() {
    const { errors: found, request } = toCreateRequest(values);
    setErrors(found);
    if (!request) return;
    const result = await create(request);
    if (result.error) return setFailure(failureText(result.error, t));
    dispatch(
      toastShown({
        id: `bo:account-created:${result.data.id}`,
        kind: 'success',
        key: 'backOffice:accounts.created',
      }),
    );
    onClose();
    void navigate(`/back-office/accounts/${result.data.id}`);
  }

  return (
    <FormShell
      title={t('accounts.new')}
      busy={isLoading}
      failure={failure}
      submitLabel={t('accounts.create')}
      onClose={onClose}
      onSubmit={() => void submit()}
      wide
    >
      <AccountFields values={values} errors={errors} onChange={setValues} mode="create" />
    </FormShell>
  );
}
