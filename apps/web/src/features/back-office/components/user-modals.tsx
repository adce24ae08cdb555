// The user forms of the console: create, edit (name, account, blocked), restrictions, new password.
// An admin may create any role in any account; a manager creates cashiers of their own account.
import {
  LOGIN_LENGTH,
  NEW_PASSWORD_MIN_LENGTH,
  type Account,
  type BackOfficeUser,
  type Restriction,
  type Role,
} from '@cashdesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../store/hooks';
import { PasswordField } from '../../../components/ui/form-field';
import { toastShown } from '../../../store/toasts-slice';
import {
  useBoCreateUserMutation,
  useBoSetPasswordMutation,
  useBoSetRestrictionsMutation,
  useBoUpdateUserMutation,
} from '../api/back-office-api';
import { failureText } from '../lib/failure-text';
import type { UsersScope } from '../lib/scope';
import { CheckboxField, FormAlert, InputField, SelectField } from './fields';
import { FormShell } from './form-shell';
import { ReasonField, reasonOf } from './reason-field';
import { RestrictionsFieldset } from './restrictions-fieldset';

function useSuccessToast() {
  const dispatch = useAppDispatch();
  return (key: string, params?: Record<string, string>) =>
    dispatch(
      toastShown({
        id: `bo:${key}:${Date.now()}`,
        kind: 'success',
        key: `backOffice:${key}`,
        ...(params ? { params } : {}),
      }),
    );
}

const passwordError = (password: string) =>
  password.length < NEW_PASSWORD_MIN_LENGTH
    ? 'form.passwordShort'
    : password.length > 64
      ? 'form.tooLong'
      : null;

export function CreateUserModal({
  scope,
  accounts,
  onClose,
}: {
  scope: UsersScope;
  /** The accounts an admin may choose from (unused for a manager). */
  accounts: readonly Account[];
  onClose: () => void;
}) {
  const { t } = useTranslation('backOffice');
  const toast = useSuccessToast();
  const [create, { isLoading }] = useBoCreateUserMutation();
  const isAdmin = scope.kind === 'admin';
  const [login, setLogin] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('cashier');
  const [accountId, setAccountId] = useState(isAdmin ? String(accounts[0]?.id ?? '') : '');
  const [password, setPassword] = useState('');
  const [restrictions, setRestrictions] = useState<Restriction[]>([]);
  const [reason, setReason] = useState('');
  const [checked, setChecked] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const trimmedLogin = login.trim();
  const errors = {
    login:
      trimmedLogin.length < LOGIN_LENGTH.min || trimmedLogin.length > LOGIN_LENGTH.max
        ? 'form.loginLength'
        : null,
    name: name.trim() === '' ? 'form.required' : null,
    account: isAdmin && role !== 'admin' && accountId === '' ? 'form.required' : null,
    password: passwordError(password),
  };
  const shown = (key: string | null) => (checked && key ? t(key, { min: NEW_PASSWORD_MIN_LENGTH }) : null);

  async function submit() {
    setChecked(true);
    if (Object.values(errors).some(Boolean)) return;
    const common = { login: trimmedLogin, name: name.trim(), password, restrictions, ...reasonOf(reason) };
    const body = isAdmin
      ? { ...common, role, account_id: role === 'admin' ? null : Number(accountId) }
      : common;
    const result = await create({ scope, body });
    if (result.error) return setFailure(failureText(result.error, t));
    toast('users.created', { login: result.data.login });
    onClose();
  }

  return (
    <FormShell
      title={t('users.new')}
      busy={isLoading}
      failure={failure}
      submitLabel={t('users.create')}
      onClose={onClose}
      onSubmit={() => void submit()}
      wide
    >
      <div className="bo-form-grid">
        <InputField
          label={t('users.login')}
          value={login}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          error={shown(errors.login)}
          onChange={(e) => setLogin(e.target.value)}
        />
        <InputField
          label={t('users.name')}
          value={name}
          error={shown(errors.name)}
          onChange={(e) => setName(e.target.value)}
        />
        {isAdmin && (
          <SelectField label={t('users.role')} value={role} onChange={(e) => setRole(e.target.value as Role)}>
            {(['cashier', 'manager', 'admin'] as const).map((r) => (
              <option key={r} value={r}>
                {t(`roles.${r}`)}
              </option>
            ))}
          </SelectField>
        )}
        {isAdmin && role !== 'admin' && (
          <SelectField
            label={t('users.account')}
            value={accountId}
            onChange={(e) => setAccountId(e.target.value)}
          >
            <option value="" disabled>
              {t('users.chooseAccount')}
            </option>
            {accounts.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </SelectField>
        )}
        {shown(errors.account) && <FormAlert message={shown(errors.account)} />}
        <PasswordField
          label={t('users.password')}
          toggleLabel={t('users.showPassword')}
          value={password}
          autoComplete="new-password"
          error={shown(errors.password)}
          onValueChange={setPassword}
        />
      </div>
      {role === 'cashier' && <RestrictionsFieldset value={restrictions} onChange={setRestrictions} />}
      <ReasonField value={reason} onChange={setReason} />
    </FormShell>
  );
}

interface UserModalProps {
  scope: UsersScope;
  user: BackOfficeUser;
  onClose: () => void;
}

export function EditUserModal({
  scope,
  user,
  accounts,
  onClose,
}: UserModalProps & { accounts: readonly Account[] }) {
  const { t } = useTranslation('backOffice');
  const toast = useSuccessToast();
  const [update, { isLoading }] = useBoUpdateUserMutation();
  const [name, setName] = useState(user.name);
  const [accountId, setAccountId] = useState(String(user.account_id ?? ''));
  const [blocked, setBlocked] = useState(user.blocked);
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const canMove = scope.kind === 'admin' && user.role !== 'admin';

  async function submit() {
    if (name.trim() === '') return setFailure(t('form.required'));
    const body = {
      ...(name.trim() !== user.name ? { name: name.trim() } : {}),
      ...(canMove && Number(accountId) !== user.account_id ? { account_id: Number(accountId) } : {}),
      ...(blocked !== user.blocked ? { blocked } : {}),
      ...reasonOf(reason),
    };
    const result = await update({ scope, userId: user.id, body });
    if (result.error) return setFailure(failureText(result.error, t));
    toast('users.saved', { login: user.login });
    onClose();
  }

  return (
    <FormShell
      title={t('users.editTitle', { login: user.login })}
      busy={isLoading}
      failure={failure}
      submitLabel={t('common:save')}
      onClose={onClose}
      onSubmit={() => void submit()}
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
      <ReasonField value={reason} onChange={setReason} />
    </FormShell>
  );
}

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

export function PasswordModal({ scope, user, onClose }: UserModalProps) {
  const { t } = useTranslation('backOffice');
  const toast = useSuccessToast();
  const [save, { isLoading }] = useBoSetPasswordMutation();
  const [password, setPassword] = useState('');
  const [reason, setReason] = useState('');
  const [checked, setChecked] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const error = passwordError(password);

  async function submit() {
    setChecked(true);
    if (error) return;
    const result = await save({ scope, userId: user.id, body: { password, ...reasonOf(reason) } });
    if (result.error) return setFailure(failureText(result.error, t));
    toast('users.passwordSet', { login: user.login });
    onClose();
  }

  return (
    <FormShell
      title={t('users.passwordTitle', { login: user.login })}
      busy={isLoading}
      failure={failure}
      submitLabel={t('users.setPassword')}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      <p>{t('users.passwordExplain')}</p>
      <PasswordField
        label={t('users.newPassword')}
        toggleLabel={t('users.showPassword')}
        value={password}
        autoComplete="new-password"
        error={checked && error ? t(error, { min: NEW_PASSWORD_MIN_LENGTH }) : null}
        onValueChange={setPassword}
      />
      <ReasonField value={reason} onChange={setReason} />
    </FormShell>
  );
}
