// The lock screen: nothing of the venue's data, only whose till it is, the password field that opens it
// (checked by the server; the 5th wrong password in a row ends the session, and a 401 opens sign-in) and
// Log out. The cached data of the screens is dropped
// while it shows, and it asks the server every few seconds, so an unlock in another tab opens this one.
import { ERR, POLL_INTERVAL_MS } from '@cashdesk/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFailure } from '../../api/api-error';
import { baseApi, CASHIER_DATA_TAGS } from '../../api/base-api';
import { errorToast } from '../../api/error-toast';
import { useAppDispatch } from '../../store/hooks';
import { PageCard } from '../../components/ui/page-card';
import { useMe } from '../../api/auth-api';
import { PasswordField } from '../../components/ui/form-field';
import { validatePassword, type FieldError } from '../auth';
import { avatarInitial, cashierDisplayName } from '../../lib/cashier-name';
import { LockIcon } from '../../components/ui/icons';
import { useLogout, useResetApiOnSignedOutExit } from '../session';
import { toastShown } from '../../store/toasts-slice';
import { useLockStateQuery, useUnlockTillMutation } from './api/lock-api';
import './lock-screen.css';

export function LockScreen() {
  const { t } = useTranslation('lock');
  const dispatch = useAppDispatch();
  const me = useMe();
  useLockStateQuery(undefined, { pollingInterval: POLL_INTERVAL_MS });
  const [unlockTill, { isLoading: isUnlocking }] = useUnlockTillMutation();
  const { logout, isLoggingOut } = useLogout();
  useResetApiOnSignedOutExit();

  const [password, setPassword] = useState('');
  const [checked, setChecked] = useState(false);
  /** The server's verdict on the last password tried, until the field is edited again. */
  const [refusal, setRefusal] = useState<FieldError | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  // The screens behind the lock are gone now: drop what they had loaded, so no figure stays in memory.
  useEffect(() => {
    dispatch(baseApi.util.invalidateTags([...CASHIER_DATA_TAGS]));
  }, [dispatch]);
  const title = t('title');
  useEffect(() => {
    document.title = `${title} · ${t('common:appName')}`;
  }, [title, t]);

  const invalid = validatePassword(password);
  const error = refusal ?? (checked && invalid ? { ...invalid, key: `auth:${invalid.key}` } : null);
  const name = cashierDisplayName(me?.name, t('navigation:cashierFallback'));
  const busy = isUnlocking || isLoggingOut;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setChecked(true);
    if (invalid) {
      inputRef.current?.focus();
      return;
    }
    const result = await unlockTill({ password });
    if (!result.error) return; // the gate shows the screens again
    const failure = apiFailure(result.error);
    if (failure.status === 401) return; // the session watcher opens /authorization
    if (failure.err === ERR.wrongPassword || failure.err === ERR.tooManyAttempts) {
      const seconds = typeof failure.details.retry_after === 'number' ? failure.details.retry_after : 60;
      setRefusal(
        failure.err === ERR.wrongPassword
          ? { key: 'lock:wrongPassword' }
          : { key: 'errors:tooManyAttempts', params: { seconds } },
      );
      setPassword('');
      setChecked(false);
      inputRef.current?.focus();
      return;
    }
    dispatch(toastShown(errorToast(failure)));
  }

  return (
    <PageCard labelledBy="lock-screen-title">
      <div className="lock-screen__badge" aria-hidden="true">
        <LockIcon />
      </div>
      <h1 id="lock-screen-title">{title}</h1>
      <p className="lock-screen__who">
        <span className="lock-screen__avatar" aria-hidden="true">
          {avatarInitial(name)}
        </span>
        <span>{me ? t('lockedBy', { name, id: me.id }) : name}</span>
      </p>
      <p className="lock-screen__hint">{t('hint')}</p>
      <form className="lock-screen__form" noValidate onSubmit={(e) => void submit(e)} aria-busy={busy}>
        <PasswordField
          label={t('password')}
          toggleLabel={t('showPassword')}
          name="password"
          autoComplete="current-password"
          inputRef={inputRef}
          autoFocus
          value={password}
          onValueChange={(value) => {
            setPassword(value);
            setRefusal(null);
          }}
          error={error ? t(error.key, error.params) : null}
          readOnly={busy}
        />
        <button type="submit" className="button--primary" aria-disabled={busy}>
          {isUnlocking ? t('unlocking') : t('unlock')}
        </button>
      </form>
      <button
        type="button"
        className="lock-screen__logout"
        aria-disabled={busy}
        onClick={() => {
          if (!busy) void logout();
        }}
      >
        {isLoggingOut ? t('navigation:loggingOut') : t('navigation:logout')}
      </button>
    </PageCard>
  );
}
