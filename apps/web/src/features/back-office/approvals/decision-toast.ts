// The toast a manager's decision on a held payout ends with (four eyes, docs/product.md section 12): what
// the answer says happened, never what was asked for. An approval the ledger then refused is `failed`,
// with the refusal in the manager's language; nothing was paid.
import type { Approval, ApprovalDecisionResult } from '@cashdesk/contract';
import type { TFunction } from 'i18next';
import { formatMoney } from '../../../lib/money';
import type { FormToast } from '../shared/form-modal';
import { outcomeText } from '../shared/failure-text';

/** The toast of a decision, by what the answer says happened (never assumed from what was asked). */
export function decisionToast(
  result: ApprovalDecisionResult,
  approval: Approval,
  currency: string,
  t: TFunction,
): FormToast {
  const who = { cashier: approval.cashier, place: String(approval.place) };
  switch (result.status) {
    case 'approved': {
      const paid = result.outcome?.delta;
      if (typeof paid !== 'number') return { key: 'approvals.approved', params: who };
      return {
        key: 'approvals.approvedPaid',
        params: { ...who, amount: formatMoney(Math.abs(paid), currency) },
      };
    }
    case 'declined':
      return { key: 'approvals.declined', params: who };
    case 'failed':
      return {
        key: 'approvals.failed',
        kind: 'error',
        params: { ...who, reason: outcomeText(result.outcome, t) },
      };
    default:
      // Expired or withdrawn meanwhile: the request was not decided by this manager.
      return {
        key: 'approvals.otherOutcome',
        kind: 'info',
        params: { ...who, status: t(`approvals.statuses.${result.status}`) },
      };
  }
}
