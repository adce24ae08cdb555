// Users: an admin sees and manages everyone (filtered by account); a manager the users of their account,
// managing its cashiers. Each row: edit (name, account, blocked), restrictions, new password.
import type { Account, BackOfficeUser } from '@cashdesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../api/auth-api';
import { useBoAccountsQuery, useBoUsersQuery } from '../shared/back-office-api';
import { SelectField } from '../shared/fields';
import { NewButton, PageHead } from '../shared/page-head';
import { QueryState } from '../shared/query-state';
import { RowActions, RowActionsHead } from '../shared/row-actions';
import { CreateUserModal } from './create-user-modal';
import { EditUserModal } from './edit-user-modal';
import { PasswordModal } from './password-modal';
import { RestrictionsModal } from './restrictions-modal';
import { usersScopeOf } from '../shared/scope';

type Open = { kind: 'create' } | { kind: 'edit' | 'restrictions' | 'password'; user: BackOfficeUser } | null;
const NO_ACCOUNTS: Account[] = [];

export function UsersPage() {
  const { t } = useTranslation('backOffice');
  const me = useMe();
  const scope = usersScopeOf(me ?? { role: 'manager', account_id: null });
  const isAdmin = scope.kind === 'admin';
  const users = useBoUsersQuery(scope);
  const accounts = useBoAccountsQuery(undefined, { skip: !isAdmin }).data ?? NO_ACCOUNTS;
  const [accountFilter, setAccountFilter] = useState('');
  const [open, setOpen] = useState<Open>(null);
  const accountName = (id: number | null) =>
    id === null ? '—' : (accounts.find((a) => a.id === id)?.name ?? `#${id}`);
  // A manager manages cashiers only; an admin everyone but their own block (the server says why).
  const manageable = (u: BackOfficeUser) => isAdmin || u.role === 'cashier';
  const close = () => setOpen(null);

  return (
    <section className="bo-page" aria-labelledby="bo-users-title">
      <PageHead titleId="bo-users-title" title={t('users.title')}>
        <NewButton label={t('users.new')} onOpen={() => setOpen({ kind: 'create' })} />
      </PageHead>
      {isAdmin && (
        <div className="bo-filters">
          <SelectField
            label={t('users.accountFilter')}
            value={accountFilter}
            onChange={(e) => setAccountFilter(e.target.value)}
          >
            <option value="">{t('ledger.all')}</option>
            <option value="none">{t('users.noAccount')}</option>
            {accounts.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </SelectField>
        </div>
      )}
      <QueryState query={users}>
        {(list) => {
          const shown = list.filter((u) =>
            accountFilter === ''
              ? true
              : accountFilter === 'none'
                ? u.account_id === null
                : u.account_id === Number(accountFilter),
          );
          return (
            <table className="bo-table" aria-labelledby="bo-users-title">
              <thead>
                <tr>
                  <th scope="col">{t('users.login')}</th>
                  <th scope="col">{t('users.name')}</th>
                  <th scope="col">{t('users.role')}</th>
                  {isAdmin && <th scope="col">{t('users.account')}</th>}
                  <th scope="col">{t('users.status')}</th>
                  <th scope="col">{t('users.restrictions')}</th>
                  <RowActionsHead label={t('devices.actions')} />
                </tr>
              </thead>
              <tbody>
                {shown.map((u) => (
                  <tr key={u.id}>
                    <th scope="row" data-label={t('users.login')}>
                      {u.login}
                    </th>
                    <td data-label={t('users.name')}>{u.name}</td>
                    <td data-label={t('users.role')}>{t(`roles.${u.role}`)}</td>
                    {isAdmin && <td data-label={t('users.account')}>{accountName(u.account_id)}</td>}
                    <td data-label={t('users.status')}>
                      {u.blocked ? t('users.isBlocked') : t('users.active')}
                    </td>
                    <td data-label={t('users.restrictions')}>{u.restrictions.length}</td>
                    <RowActions
                      actions={
                        manageable(u)
                          ? [
                              {
                                text: t('users.edit'),
                                label: t('users.editLabel', { login: u.login }),
                                kind: 'edit' as const,
                              },
                              {
                                text: t('users.restrictions'),
                                label: t('users.restrictionsLabel', { login: u.login }),
                                kind: 'restrictions' as const,
                              },
                              {
                                text: t('users.password'),
                                label: t('users.passwordLabel', { login: u.login }),
                                kind: 'password' as const,
                              },
                            ].map(({ kind, ...a }) => ({ ...a, onOpen: () => setOpen({ kind, user: u }) }))
                          : []
                      }
                    />
                  </tr>
                ))}
              </tbody>
            </table>
          );
        }}
      </QueryState>
      {open?.kind === 'create' && <CreateUserModal scope={scope} accounts={accounts} onClose={close} />}
      {open?.kind === 'edit' && (
        <EditUserModal scope={scope} user={open.user} accounts={accounts} onClose={close} />
      )}
      {open?.kind === 'restrictions' && <RestrictionsModal scope={scope} user={open.user} onClose={close} />}
      {open?.kind === 'password' && <PasswordModal scope={scope} user={open.user} onClose={close} />}
    </section>
  );
}
