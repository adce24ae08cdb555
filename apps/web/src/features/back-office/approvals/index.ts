// The approvals' public entry: a venue's payouts held for a manager (the section and its count on the
// menu), and the four-eyes calls the overview (the approvals waiting) and the ledger (a correction) make.
export { ApprovalsView } from './approvals-view';
export { ApprovalsBadge } from './approvals-badge';
export { useBoApprovalsQuery, useBoCorrectMutation, usePendingApprovals } from './four-eyes-api';
