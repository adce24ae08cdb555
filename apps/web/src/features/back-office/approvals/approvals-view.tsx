// Four eyes (docs/product.md section 12): the cashiers' withdraws and cash-outs above the venue's limit,
// waiting for a manager, newest first and asked again every few seconds (a cashier waits at the till);
// Approve or Decline each with the manager's own password, and the answer's own word on what happened
// (approved, declined, or refused by the ledger after approval). Below, the decisions already taken.
import type { Account, Approval } from '@cashdesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/ui/form-field';
import { useBoDevicesQuery } from '../shared/back-office-api';
import { useBoApprovalsQuery, useBoDecideApprovalMutation, usePendingApprovals } from './four-eyes-api';
import { useFormModal } from '../shared/form-modal';
import { FormShell } from '../shared/form-shell';
import { Money } from '../shared/money';
import { QueryState } from '../shared/query-state';
import { ReasonField } from '../shared/reason-field';
import { decisionToast } from './decision-toast';
import { outcomeText } from '../shared/failure-text';
import { formatDateTime } from '../shared/units';

type Decision = 'approve' | 'decline';

export function ApprovalsView({ account }: { account: Account }) {
  const { t } = useTranslation('backOffice');
  const pending = usePendingApprovals(account.id);
  const all = useBoApprovalsQuery({ id: account.id });
  const devices = useBoDevicesQuery(account.id);
  const [deciding, setDeciding] = useState<{ approval: Approval; decision: Decision } | null>(null);
  const deviceName = (id: number) => devices.data?.find((d) => d.id === id)?.name ?? '';
  const decided = (all.data ?? []).filter((a) => a.status !== 'pending').slice(0, 50);

  return (
    <section className="bo-section" aria-labelledby="bo-approvals-title">
      <h2 id="bo-approvals-title">{t('approvals.title')}</h2>
      <p className="bo-muted">{t('approvals.explain')}</p>
      <QueryState query={pending}>
        {(rows) =>
          rows.length === 0 ? (
            <p className="bo-muted">{t('approvals.none')}</p>
          ) : (
            <ApprovalsTable
              rows={rows}
              account={account}
              deviceName={deviceName}
              onDecide={(approval, decision) => setDeciding({ approval, decision })}
            />
          )
        }
      </QueryState>
      {decided.length > 0 && (
        <>
          <h3>{t('approvals.decided')}</h3>
          <ApprovalsTable rows={decided} account={account} deviceName={deviceName} />
        </>
      )}
      {deciding && (
        <DecisionModal
          account={account}
          {...deciding}
          deviceName={deviceName(deciding.approval.device_id)}
          onClose={() => setDeciding(null)}
        />
      )}
    </section>
  );
}

function ApprovalsTable({
  rows,
  account,
  deviceName,
  onDecide,
}: {
  rows: readonly Approval[];
  account: Account;
  deviceName: (id: number) => string;
  onDecide?: (approval: Approval, decision: Decision) => void;
}) {
  const { t } = useTranslation('backOffice');
  return (
    <table className="bo-table">
      <thead>
        <tr>
          <th scope="col">{t('approvals.time')}</th>
          <th scope="col">{t('approvals.where')}</th>
          <th scope="col">{t('approvals.operation')}</th>
          <th scope="col">{t('approvals.amount')}</th>
          <th scope="col">{t('approvals.cashier')}</th>
          <th scope="col">{onDecide ? t('approvals.actions') : t('approvals.status')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((a) => (
          <tr key={a.id}>
            <td data-label={t('approvals.time')}>{formatDateTime(a.created_at)}</td>
            <td data-label={t('approvals.where')}>
              {t('approvals.place', { device: deviceName(a.device_id), id: a.device_id, place: a.place })}
            </td>
            <td data-label={t('approvals.operation')}>
              {t(a.cash_out ? 'approvals.cashOut' : 'approvals.withdraw')}
            </td>
            <td data-label={t('approvals.amount')}>
              <ApprovedAmount approval={a} currency={account.currency} />
            </td>
            <td data-label={t('approvals.cashier')}>{a.cashier}</td>
            {onDecide ? (
              <td data-label={t('approvals.actions')} className="bo-row-actions">
                <button
                  type="button"
                  className="button--primary"
                  aria-label={t('approvals.approveLabel', { cashier: a.cashier, place: a.place })}
                  onClick={() => onDecide(a, 'approve')}
                >
                  {t('approvals.approve')}
                </button>
                <button
                  type="button"
                  aria-label={t('approvals.declineLabel', { cashier: a.cashier, place: a.place })}
                  onClick={() => onDecide(a, 'decline')}
                >
                  {t('approvals.decline')}
                </button>
              </td>
            ) : (
              <td data-label={t('approvals.status')}>
                {t(`approvals.statuses.${a.status}`)}
                {a.decided_by ? ` · ${a.decided_by}` : ''}
                {a.reason ? ` · ${a.reason}` : ''}
                {a.status === 'failed' && <span className="bo-muted"> · {outcomeText(a.outcome, t)}</span>}
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * What the manager approves: a withdraw's size, or for a cash-out "up to" what it would have taken when
 * filed (the seat's winnings since stay on it; the payout is never more).
 */
function ApprovedAmount({ approval, currency }: { approval: Approval; currency: string }) {
  const { t } = useTranslation('backOffice');
  const money = <Money cents={approval.amount} currency={currency} />;
  if (!approval.cash_out) return money;
  return (
    <span>
      {t('approvals.upTo')} {money}
    </span>
  );
}

/** The manager proves it is them (their password) and, to decline, says why. */
function DecisionModal({
  account,
  approval,
  decision,
  deviceName,
  onClose,
}: {
  account: Account;
  approval: Approval;
  decision: Decision;
  deviceName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('backOffice');
  const [decide, { isLoading }] = useBoDecideApprovalMutation();
  const form = useFormModal(onClose, isLoading);
  const [password, setPassword] = useState('');
  const [checked, setChecked] = useState(false);
  const passwordError = password === '' ? t('approvals.passwordNeeded') : null;
  const reasonError = decision === 'decline' && !form.reason.reason ? t('approvals.reasonNeeded') : null;

  async function submit() {
    setChecked(true);
    if (passwordError || reasonError) return;
    const body = { decision, password, ...form.reason };
    await form.send(decide({ id: account.id, approvalId: approval.id, body }), (result) =>
      decisionToast(result, approval, account.currency, t),
    );
  }

  return (
    <FormShell
      {...form.shell}
      title={t(decision === 'approve' ? 'approvals.approveTitle' : 'approvals.declineTitle')}
      submitLabel={t(decision === 'approve' ? 'approvals.approve' : 'approvals.decline')}
      submitClassName={decision === 'approve' ? 'button--primary' : 'button--danger'}
      onSubmit={submit}
    >
      <p>
        {t(approval.cash_out ? 'approvals.cashOut' : 'approvals.withdraw')}{' '}
        <ApprovedAmount approval={approval} currency={account.currency} /> ·{' '}
        {t('approvals.place', { device: deviceName, id: approval.device_id, place: approval.place })} ·{' '}
        {approval.cashier}
      </p>
      <PasswordField
        label={t('approvals.password')}
        toggleLabel={t('users.showPassword')}
        value={password}
        autoComplete="current-password"
        error={checked ? passwordError : null}
        onValueChange={setPassword}
      />
      <ReasonField
        {...form.reasonField}
        required={decision === 'decline'}
        error={checked ? reasonError : null}
      />
    </FormShell>
  );
}
