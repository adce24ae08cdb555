// Reconciliation: runs the ledger's verify (every stored balance recomputed from the ledger rows) and
// shows what disagrees. An admin checks the whole ledger, a manager their account.
import type { LedgerMismatch } from '@cashdesk/contract';
import { formatCents } from '@cashdesk/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../api/auth-api';
import { useLazyBoVerifyQuery } from '../shared/back-office-api';
import { failureText } from '../shared/failure-text';
import { formatDateTime } from '../shared/units';

export function ReconciliationPage() {
  const { t } = useTranslation('backOffice');
  const me = useMe();
  const accountId = me?.role === 'manager' ? me.account_id : null;
  const [verify, result] = useLazyBoVerifyQuery();
  const data = result.isFetching ? undefined : result.data;

  return (
    <section className="bo-page" aria-labelledby="bo-reconciliation-title">
      <h1 id="bo-reconciliation-title">{t('reconciliation.title')}</h1>
      <p>{t(accountId === null ? 'reconciliation.explainAll' : 'reconciliation.explainAccount')}</p>
      <div className="bo-actions bo-actions--start">
        <button
          type="button"
          className="button--primary"
          aria-disabled={result.isFetching}
          onClick={() => !result.isFetching && void verify(accountId)}
        >
          {result.isFetching ? t('reconciliation.running') : t('reconciliation.run')}
        </button>
      </div>
      <div aria-live="polite">
        {result.isError && !result.isFetching && (
          <p role="alert" className="bo-alert">
            {failureText(result.error, t)}
          </p>
        )}
        {data && (
          <div className={data.ok ? 'bo-verdict bo-verdict--ok' : 'bo-verdict bo-verdict--bad'}>
            <h2>
              {data.ok
                ? t('reconciliation.ok')
                : t('reconciliation.mismatches', { count: data.mismatches.length })}
            </h2>
            <p className="bo-muted">
              {t('reconciliation.checked', { at: formatDateTime(data.checked_at), ms: data.duration_ms })}
            </p>
            {!data.ok && (
              <ul>
                {data.mismatches.map((m, i) => (
                  <li key={i}>{describeMismatch(m, t)}</li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
    </section>
  );
}

function describeMismatch(m: LedgerMismatch, t: TFunction): string {
  switch (m.kind) {
    case 'float':
      return t('reconciliation.kind.float', {
        account: m.account_id,
        stored: formatCents(m.stored),
        ledger: formatCents(m.ledger),
      });
    case 'entries':
    case 'final_bonus':
      return t(`reconciliation.kind.${m.kind}`, {
        device: m.device_id,
        place: m.place,
        stored: formatCents(m.stored),
        ledger: formatCents(m.ledger),
      });
    case 'unbalanced_operation':
      return t('reconciliation.kind.unbalanced', { operation: m.operation_id, sum: formatCents(m.sum) });
    case 'running_balance':
      return t('reconciliation.kind.running', {
        entry: m.entry_id,
        after: formatCents(m.balance_after),
        running: formatCents(m.running),
      });
    case 'chain':
      return m.entry_id === null
        ? t('reconciliation.kind.chainHead', { account: m.account_id })
        : t('reconciliation.kind.chain', { account: m.account_id, entry: m.entry_id, seq: m.chain_seq });
    case 'anchor':
      return m.problem === 'rewound'
        ? t('reconciliation.kind.anchorRewound', {
            account: m.account_id,
            day: m.day ?? t('reconciliation.kind.anchorGiven'),
            entries: m.entries,
            now: m.chain_entries,
          })
        : t('reconciliation.kind.anchorRewritten', {
            account: m.account_id,
            day: m.day ?? t('reconciliation.kind.anchorGiven'),
            entries: m.entries,
            entry: m.entry_id,
          });
    case 'link':
      return t('reconciliation.kind.link', {
        what:
          m.entry_id !== null
            ? t('reconciliation.kind.linkEntry', { entry: m.entry_id, trx: m.trx })
            : m.approval_id !== null
              ? t('reconciliation.kind.linkApproval', { approval: m.approval_id, trx: m.trx })
              : t('reconciliation.kind.linkOperation', { operation: m.operation_id, trx: m.trx }),
        account: m.account_id ?? '-',
        problem: t(`reconciliation.kind.links.${m.problem}`),
      });
    case 'limit':
      return t('reconciliation.kind.limit', {
        account: m.account_id,
        balance: formatCents(m.balance),
        limit: formatCents(m.limit),
      });
  }
}
