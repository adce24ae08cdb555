// The sign-in form: login, password (show/hide), remember me. Messages of docs/product.md section 5 under the
// fields; sign-in errors of docs/product.md section 8 as toasts; on success the session starts and /devices opens
// (the back office for an admin or a manager).
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { apiFailure } from '../../api/api-error';
import { errorToast } from '../../api/error-toast';
import { useAppDispatch } from '../../store/hooks';
import { homePathFor } from '../../lib/home-path';
import { signedIn } from '../session';
import { toastShown } from '../../store/toasts-slice';
import { authApi, useSignInMutation } from '../../api/auth-api';
import { PasswordField, TextField } from '../../components/ui/form-field';
import {
  normalizeLogin,
  validateLoginForm,
  type FieldError,
  type LoginErrors,
  type LoginValues,
} from './login-validation';

type Field = keyof LoginValues;

export function LoginForm() {
  const { t } = useTranslation('auth');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [signIn, { isLoading }] = useSignInMutation();

  const [values, setValues] = useState<LoginValues>({ login: '', password: '' });
  const [remember, setRemember] = useState(false);
  // A field's message shows once the cashier has left it after typing, or tried to submit.
  const [checked, setChecked] = useState<Record<Field, boolean>>({ login: false, password: false });
  const loginRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const errors: LoginErrors = validateLoginForm(values);
  const text = (error: FieldError | null) => (error ? t(error.key, error.params) : null);
  const message = (field: Field) => (checked[field] ? text(errors[field]) : null);

  function change(field: Field, value: string) {
    setValues((was) => ({ ...was, [field]: value }));
  }

  function leave(field: Field) {
    if (values[field] !== '') setChecked((was) => ({ ...was, [field]: true }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLoading) return;
    setChecked({ login: true, password: true });
    if (errors.login || errors.password) {
      (errors.login ? loginRef : passwordRef).current?.focus();
      return;
    }
    const result = await signIn({ login: normalizeLogin(values.login), password: values.password, remember });
    if (result.error) {
      dispatch(toastShown(errorToast(apiFailure(result.error), 'signIn')));
      return;
    }
    if (!result.data?.id) {
      dispatch(toastShown({ id: 'error:unknown', kind: 'error', key: 'errors:unknown' }));
      return;
    }
    // The answer is the signed-in user: seed /a/me with it, so the next screen need not ask again.
    await dispatch(authApi.util.upsertQueryData('me', undefined, result.data));
    dispatch(signedIn());
    void navigate(homePathFor(result.data), { replace: true });
  }

  return (
    <form className="login-form" noValidate onSubmit={(e) => void submit(e)} aria-busy={isLoading}>
      <TextField
        label={t('login')}
        name="login"
        autoComplete="username"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        inputRef={loginRef}
        value={values.login}
        onValueChange={(value) => change('login', value)}
        onBlur={() => leave('login')}
        error={message('login')}
        readOnly={isLoading}
      />
      <PasswordField
        label={t('password')}
        toggleLabel={t('showPassword')}
        name="password"
        autoComplete="current-password"
        inputRef={passwordRef}
        value={values.password}
        onValueChange={(value) => change('password', value)}
        onBlur={() => leave('password')}
        error={message('password')}
        readOnly={isLoading}
      />
      <label className="login-form__remember">
        <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
        <span>{t('rememberMe')}</span>
      </label>
      {/* aria-disabled, not disabled: the button keeps focus while the request runs (submit() ignores
          a second press), so a keyboard user is not thrown back to the top of the page. */}
      <button type="submit" className="button--primary login-form__submit" aria-disabled={isLoading}>
        {isLoading ? t('submitting') : t('submit')}
      </button>
      <p className="login-form__hint">{t('forgotPassword')}</p>
    </form>
  );
}
