// The admin's accounts: every venue with its float and home-play state, and a new-account form.
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBoAccountsQuery } from '../shared/back-office-api';
import { CreateAccountModal } from './create-account-modal';
import { Money } from '../shared/money';
import { NewButton, PageHead } from '../shared/page-head';
import { QueryState } from '../shared/query-state';

export function AccountsPage() {
  const { t } = useTranslation('backOffice');
  const accounts = useBoAccountsQuery();
  const [creating, setCreating] = useState(false);
  return (
    <section className="bo-page" aria-labelledby="bo-accounts-title">
      <PageHead titleId="bo-accounts-title" title={t('accounts.title')}>
        <NewButton label={t('accounts.new')} onOpen={() => setCreating(true)} />
      </PageHead>
      <QueryState query={accounts}>
        {(list) => (
          <table className="bo-table" aria-labelledby="bo-accounts-title">
            <thead>
              <tr>
                <th scope="col">{t('account.name')}</th>
                <th scope="col">{t('account.float')}</th>
                <th scope="col">{t('account.overdraft')}</th>
                <th scope="col">{t('account.homePlay')}</th>
                <th scope="col">{t('account.blocks')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((a) => (
                <tr key={a.id}>
                  <th scope="row" data-label={t('account.name')}>
                    <Link className="bo-row-link" to={`/back-office/accounts/${a.id}`}>
                      {a.name}
                    </Link>
                  </th>
                  <td data-label={t('account.float')}>
                    <Money cents={a.balance} currency={a.currency} />
                  </td>
                  <td data-label={t('account.overdraft')}>
                    {a.has_overdraft ? <Money cents={a.overdraft} currency={a.currency} /> : t('common:no')}
                  </td>
                  <td data-label={t('account.homePlay')}>{a.home_play ? t('common:yes') : t('common:no')}</td>
                  <td data-label={t('account.blocks')}>{blocksText(a, t)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </QueryState>
      {creating && <CreateAccountModal onClose={() => setCreating(false)} />}
    </section>
  );
}

export function blocksText(
  a: { is_hard_block_home_play: boolean; is_light_block_home_play: boolean },
  t: TFunction,
): string {
  const blocks = [
    a.is_hard_block_home_play ? t('account.hardBlockShort') : null,
    a.is_light_block_home_play ? t('account.lightBlockShort') : null,
  ].filter(Boolean);
  return blocks.length ? blocks.join(', ') : t('account.noBlock');
}
