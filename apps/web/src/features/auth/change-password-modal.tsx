// The change-password modal: old, new and repeat (each with show/hide), Cancel and Save. While the call
// runs it shows a spinner and cannot be closed; on success it closes (the form goes with it) with a toast.
import { ERR } from '@cashdesk/contract';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFailure } from '../../api/api-error';
import { errorToast } from '../../api/error-toast';
import { useAppDispatch } from '../../store/hooks';
import { Modal } from '../../components/ui/modal';
import { toastShown } from '../../store/toasts-slice';
import { useChangePasswordMutation, useMe } from '../../api/auth-api';
import {
  validateChangePassword,
  type ChangePasswordErrors,
  type ChangePasswordValues,
} from './change-password-validation';
import { PasswordField } from '../../components/ui/form-field';
import type { FieldError } from './login-validation';
import i18n from '../../i18n/i18n';
import changePasswordTexts from '../../i18n/locales/en/change-password.json';
import { addPartTexts } from '../../i18n/part-resources';
import './change-password-modal.css';

// Its English texts come with this chunk, in before its first render (i18n/part-resources.ts).
addPartTexts(i18n, 'auth', changePasswordTexts);

type Field = keyof ChangePasswordValues;
const FIELDS: readonly Field[] = ['old', 'new', 'repeat'];
const EMPTY: ChangePasswordValues = { old: '', new: '', repeat: '' };
const NOT_CHECKED: Record<Field, boolean> = { old: false, new: false, repeat: false };

export function ChangePasswordModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('auth');
  const dispatch = useAppDispatch();
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const me = useMe();
  const [values, setValues] = useState<ChangePasswordValues>(EMPTY);
  const [checked, setChecked] = useState(NOT_CHECKED);
  /** The server's verdict on the old password, until it is edited again. */
  const [oldRejected, setOldRejected] = useState(false);
  const refs = {
    old: useRef<HTMLInputElement>(null),
    new: useRef<HTMLInputElement>(null),
    repeat: useRef<HTMLInputElement>(null),
  };

  const errors: ChangePasswordErrors = validateChangePassword(values);
  if (oldRejected && !errors.old) errors.old = { key: 'changePassword.wrongOld' };
  const text = (error: FieldError | null) => (error ? t(error.key, error.params) : null);
  const message = (field: Field) => (checked[field] ? text(errors[field]) : null);

  function change(field: Field, value: string) {
    setValues((was) => ({ ...was, [field]: value }));
    if (field === 'old') setOldRejected(false);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLoading) return;
    setChecked({ old: true, new: true, repeat: true });
    const firstInvalid = FIELDS.find((field) => errors[field]);
    if (firstInvalid) {
      refs[firstInvalid].current?.focus();
      return;
    }
    // Only old and new are sent (docs/product.md section 5); repeat is checked here.
    const result = await changePassword({ old: values.old, new: values.new });
    if (result.error) {
      const failure = apiFailure(result.error);
      // A 401 ends the session: the session watcher shows 'cookie expired' and opens /authorization.
      if (failure.status === 401) return;
      if (failure.err === ERR.wrongPassword) {
        setOldRejected(true);
        refs.old.current?.focus();
        return;
      }
      dispatch(toastShown(errorToast(failure)));
      return;
    }
    dispatch(
      toastShown({ id: 'success:passwordChanged', kind: 'success', key: 'auth:changePassword.changed' }),
    );
    onClose();
  }

  return (
    <Modal title={t('changePassword.title')} onClose={onClose} busy={isLoading} className="change-password">
      <form className="change-password__form" noValidate onSubmit={(e) => void submit(e)}>
        {/* Tells a password manager whose password changes; never shown, never sent. */}
        <input type="text" name="username" autoComplete="username" value={me?.login ?? ''} readOnly hidden />
        {FIELDS.map((field) => (
          <PasswordField
            key={field}
            label={t(`changePassword.${field}`)}
            toggleLabel={t(`changePassword.show.${field}`)}
            name={field === 'old' ? 'current-password' : `${field}-password`}
            autoComplete={field === 'old' ? 'current-password' : 'new-password'}
            inputRef={refs[field]}
            value={values[field]}
            onValueChange={(value) => change(field, value)}
            onBlur={() => values[field] !== '' && setChecked((was) => ({ ...was, [field]: true }))}
            error={message(field)}
            readOnly={isLoading}
          />
        ))}
        <div className="change-password__actions">
          <button type="button" onClick={onClose} disabled={isLoading}>
            {t('common:cancel')}
          </button>
          <button type="submit" className="button--primary" aria-disabled={isLoading}>
            {isLoading && <span className="change-password__spinner" aria-hidden="true" />}
            {isLoading ? t('changePassword.saving') : t('common:save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
