// An account's settings: name, overdraft, amount limits, final-bonus rate, home play and its hard and
// light blocks. Saving sends only what changed, with an optional reason for the audit log.
import type { Account } from '@cashdesk/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../store/hooks';
import { toastShown } from '../../../store/toasts-slice';
import { useBoUpdateAccountMutation } from '../shared/back-office-api';
import { AccountFields } from './account-fields';
import { FormAlert } from '../shared/fields';
import { ReasonField, reasonOf } from '../shared/reason-field';
import { accountFormValues, toUpdateRequest, type AccountFormErrors } from './account-form';
import { failureText } from '../shared/failure-text';

export function AccountSettings({ account }: { account: Account }) {
  const { t } = useTranslation('backOffice');
  const dispatch = useAppDispatch();
  const [update, { isLoading }] = useBoUpdateAccountMutation();
  const [values, setValues] = useState(() => accountFormValues(account));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<AccountFormErrors>({});
  const [message, setMessage] = useState<{ kind: 'done' | 'failed'; text: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (isLoading) return;
    const { errors: found, request } = toUpdateRequest(values, account);
    setErrors(found);
    if (!request) return;
    if (Object.keys(request).length === 0) {
      setMessage({ kind: 'done', text: t('settings.nothingChanged') });
      return;
    }
    const result = await update({ id: account.id, body: { ...request, ...reasonOf(reason) } });
    if (result.error) {
      setMessage({ kind: 'failed', text: failureText(result.error, t) });
      return;
    }
    setValues(accountFormValues(result.data));
    setReason('');
    setMessage({ kind: 'done', text: t('settings.saved') });
    dispatch(
      toastShown({ id: `bo:settings:${Date.now()}`, kind: 'success', key: 'backOffice:settings.saved' }),
    );
  }

  return (
    <section className="bo-section" aria-labelledby="bo-settings-title">
      <h2 id="bo-settings-title">{t('account.section.settings')}</h2>
      <form noValidate onSubmit={(e) => void submit(e)} className="bo-form" aria-busy={isLoading}>
        <p className="bo-muted">
          {t('account.currency')}: {account.currency}
        </p>
        <AccountFields values={values} errors={errors} onChange={setValues} mode="settings" />
        <ReasonField value={reason} onChange={setReason} />
        {message?.kind === 'failed' ? (
          <FormAlert message={message.text} />
        ) : (
          message && (
            <p role="status" className="bo-done">
              {message.text}
            </p>
          )
        )}
        <div className="bo-actions">
          <button type="button" onClick={() => setValues(accountFormValues(account))} disabled={isLoading}>
            {t('settings.reset')}
          </button>
          <button type="submit" className="button--primary" aria-disabled={isLoading}>
            {t('settings.save')}
          </button>
        </div>
      </form>
    </section>
  );
}
