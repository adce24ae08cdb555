// The admin's new-account form: settings and currency; the float starts at 0 (top it up afterwards).
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../../app/hooks';
import { Modal } from '../../../components/ui/modal';
import { toastShown } from '../../toasts/toasts-slice';
import { useBoCreateAccountMutation } from '../api/back-office-api';
import { NEW_ACCOUNT_VALUES, toCreateRequest, type AccountFormErrors } from '../lib/account-form';
import { failureText } from '../lib/failure-text';
import { AccountFields } from './account-fields';
import { FormAlert } from './fields';

export function CreateAccountModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('backOffice');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [create, { isLoading }] = useBoCreateAccountMutation();
  const [values, setValues] = useState(NEW_ACCOUNT_VALUES);
  const [errors, setErrors] = useState<AccountFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (isLoading) return;
    const { errors: found, request } = toCreateRequest(values);
    setErrors(found);
    if (!request) return;
    const result = await create(request);
    if (result.error) {
      setFailure(failureText(result.error, t));
      return;
    }
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
    <Modal title={t('accounts.new')} onClose={onClose} busy={isLoading} className="modal--wide">
      <form noValidate onSubmit={(e) => void submit(e)} className="bo-form">
        <AccountFields values={values} errors={errors} onChange={setValues} mode="create" />
        <FormAlert message={failure} />
        <div className="bo-actions">
          <button type="button" onClick={onClose} disabled={isLoading}>
            {t('common:cancel')}
          </button>
          <button type="submit" className="button--primary" aria-disabled={isLoading}>
            {t('accounts.create')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
