// The approvals domain's entry (four eyes): what other domains use of it, lint refusing their reaching
// further in. The ledger's batch holds a payout by the rule and reads, files and fails approvals by the
// repository's queries; the back office's daily report counts them over the window. The routes, the
// service and the expiry sweep are composed by app.ts: they use the ledger, so exporting them here would
// tie the ledger's batch in a circle back to itself.
export {
  findApprovalsStatement,
  insertApprovalStatement,
  setApprovalOutcomeStatement,
  type ApprovalRow,
  type NewApproval,
} from './approvals.repository.js';
export { APPROVAL_WINDOW_MS, approvalState, needsApproval, payoutOf, pendingOutcome } from './four-eyes.js';
