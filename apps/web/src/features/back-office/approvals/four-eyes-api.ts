// The back office's calls of four eyes and corrections (docs/product.md sections 12 and 13): a venue's
// approvals, a manager's decision on one, and the correction of a cash operation. A decision or a
// correction moves money, so the ledger, the float and the audit log are stale after it.
import type {
  Approval,
  ApprovalDecisionRequest,
  ApprovalDecisionResult,
  ApprovalStatus,
  CorrectionRequest,
  CorrectionResult,
} from '@cashdesk/contract';
import { POLL_INTERVAL_MS } from '@cashdesk/contract';
import { backOfficeApi } from '../shared/back-office-api';

// On the console's API, so its tags (the account, the ledger, the audit log) are there to invalidate.
const api = backOfficeApi.enhanceEndpoints({ addTagTypes: ['BoApprovals'] });
const account = (id: number) => `/a/manager/account/${id}`;
const moneyMoved = (id: number) => [
  'BoApprovals' as const,
  { type: 'BoAccount' as const, id },
  'BoLedger' as const,
  'BoAudit' as const,
];

/**
 * How often the approvals are asked again while a screen shows them: a cashier waits at the till, so a
 * new request must reach the manager within seconds (the same period as the till's own polls).
 */
export const APPROVALS_POLL_MS = POLL_INTERVAL_MS;

export const fourEyesApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    boApprovals: build.query<Approval[], { id: number; status?: ApprovalStatus }>({
      query: ({ id, status }) => ({
        url: `${account(id)}/approvals`,
        params: status ? { status } : {},
      }),
      providesTags: ['BoApprovals'],
    }),
    boDecideApproval: build.mutation<
      ApprovalDecisionResult,
      { id: number; approvalId: string; body: ApprovalDecisionRequest }
    >({
      query: ({ id, approvalId, body }) => ({
        url: `${account(id)}/approvals/${encodeURIComponent(approvalId)}`,
        method: 'POST',
        body,
      }),
      // A refusal (409 already decided, 403 expired) changes the list too.
      invalidatesTags: (_result, _error, { id }) => moneyMoved(id),
    }),
    boCorrect: build.mutation<CorrectionResult, { id: number; body: CorrectionRequest }>({
      query: ({ id, body }) => ({ url: `${account(id)}/corrections`, method: 'POST', body }),
      invalidatesTags: (_result, _error, { id }) => moneyMoved(id),
    }),
  }),
});

export const { useBoApprovalsQuery, useBoDecideApprovalMutation, useBoCorrectMutation } = fourEyesApi;

/** The pending approvals of a venue, kept fresh: the count on the menu and the approvals section. */
export function usePendingApprovals(accountId: number | null) {
  return useBoApprovalsQuery(
    { id: accountId ?? 0, status: 'pending' },
    { skip: accountId === null, pollingInterval: APPROVALS_POLL_MS, skipPollingIfUnfocused: true },
  );
}
