// The console's New user form. An admin may create any role in any account; a manager creates cashiers of
// their own account.
import {
  LOGIN_LENGTH,
  NEW_PASSWORD_MIN_LENGTH,
  type Account,
  type Restriction,
  type Role,
} from '@cashdesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/ui/form-field';
import { useBoCreateUserMutation } from '../shared/back-office-api';
import type { UsersScope } from '../shared/scope';
import { FormAlert, InputField, SelectField } from '../shared/fields';
import { useFormModal } from '../shared/form-modal';
import { FormShell } from '../shared/form-shell';
import { ReasonField } from '../shared/reason-field';
import { RestrictionsFieldset } from './restrictions-fieldset';
import { passwordError } from './user-modal-parts';

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
  const [create, { isLoading }] = useBoCreateUserMutation();
  const form = useFormModal(onClose, isLoading);
  const isAdmin = scope.kind === 'admin';
  const [login, setLogin] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('cashier');
  const [accountId, setAccountId] = useState(isAdmin ? String(accounts[0]?.id ?? '') : '');
  const [password, setPassword] = useState('');
  const [restrictions, setRestrictions] = useState<Restriction[]>([]);
  const [checked, setChecked] = useState(false);

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
    const common = { login: trimmedLogin, name: name.trim(), password, restrictions, ...form.reason };
    const body = isAdmin
      ? { ...common, role, account_id: role === 'admin' ? null : Number(accountId) }
      : common;
    await form.send(create({ scope, body }), 'users.created', (created) => ({ login: created.login }));
  }

  return (
    <FormShell {...form.shell} title={t('users.new')} submitLabel={t('users.create')} onSubmit={submit} wide>
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
      <ReasonField {...form.reasonField} />
    </FormShell>
  );
}
