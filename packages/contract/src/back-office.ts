// Back-office shapes beyond the table of docs/api.md: the calls the console adds under the same
// prefixes (docs/back-office.md), the audit log, and the reason every change may carry.
import { z } from 'zod';
import {
  AUDIT_ACTIONS,
  AUDIT_TARGETS,
  LEDGER_KINDS,
  LEDGER_LINES,
  LEDGER_LINK_PROBLEMS,
} from './back-office-vocabulary.js';
import {
  createUserRequest,
  editDeviceRequest,
  idParam,
  pageQuery,
  reason,
  reportTime,
  updateAccountRequest,
  updateUserRequest,
  setPasswordRequest,
  setRestrictionsRequest,
  user,
} from './schemas.js';

// ---- reasons ----------------------------------------------------------------------------------------

/** Why a setting changed: optional, kept in the audit log. A float move needs one (`reason`). */
export const optionalReason = reason.optional();

export const updateAccountWithReason = updateAccountRequest.extend({ reason: optionalReason });
export type UpdateAccountWithReason = z.infer<typeof updateAccountWithReason>;

export const createUserWithReason = createUserRequest.extend({ reason: optionalReason });
export type CreateUserWithReason = z.infer<typeof createUserWithReason>;

/** A manager creates cashiers of their own account: role and account come from the path. */
export const createCashierRequest = createUserRequest
  .omit({ role: true, account_id: true })
  .extend({ reason: optionalReason });
export type CreateCashierRequest = z.infer<typeof createCashierRequest>;

export const updateUserWithReason = updateUserRequest.extend({ reason: optionalReason });
export type UpdateUserWithReason = z.infer<typeof updateUserWithReason>;

/** A manager may rename and block cashiers of their account, not move them elsewhere. */
export const updateCashierRequest = updateUserWithReason.omit({ account_id: true });
export type UpdateCashierRequest = z.infer<typeof updateCashierRequest>;

export const setPasswordWithReason = setPasswordRequest.extend({ reason: optionalReason });
export type SetPasswordWithReason = z.infer<typeof setPasswordWithReason>;

export const setRestrictionsWithReason = setRestrictionsRequest.extend({ reason: optionalReason });
export type SetRestrictionsWithReason = z.infer<typeof setRestrictionsWithReason>;

// ---- users as the back office sees them ----------------------------------------------------------------

export const backOfficeUser = user.extend({
  blocked: z.boolean(),
  created_at: z.string(),
});
export type BackOfficeUser = z.infer<typeof backOfficeUser>;

// ---- devices of an account --------------------------------------------------------------------------

export const editAccountDeviceRequest = editDeviceRequest.extend({ reason: optionalReason });
export type EditAccountDeviceRequest = z.infer<typeof editAccountDeviceRequest>;

export const unlinkDeviceRequest = z.strictObject({ reason: optionalReason });
export type UnlinkDeviceRequest = z.infer<typeof unlinkDeviceRequest>;

// ---- the ledger of an account ----------------------------------------------------------------------------

export const ledgerQuery = pageQuery.extend({
  line: z.enum(LEDGER_LINES).optional(),
  kind: z.enum(LEDGER_KINDS).optional(),
  device_id: idParam.optional(),
  user_id: idParam.optional(),
});
export type LedgerQuery = z.input<typeof ledgerQuery>;

/** The CSV export takes the filters of the page, not its paging. */
export const ledgerExportQuery = ledgerQuery.omit({ limit: true, before: true });
export type LedgerExportQuery = z.input<typeof ledgerExportQuery>;

export const ledgerRow = z.object({
  id: z.number(),
  operation_id: z.number(),
  trx: z.string(),
  kind: z.enum(LEDGER_KINDS),
  /** Transaction type of docs/product.md section 4 on place rows, else null. */
  tx_type: z.number().nullable(),
  line: z.enum(LEDGER_LINES),
  device_id: z.number().nullable(),
  device_name: z.string().nullable(),
  place: z.number().nullable(),
  user_id: z.number().nullable(),
  user_name: z.string().nullable(),
  /** Signed cents: what the row added to its line. */
  amount: z.number(),
  balance_after: z.number().nullable(),
  /** The reason of a back-office float move; null for cashier and device operations. */
  reason: z.string().nullable(),
  created_at: z.string(),
  /** A correction's row: the trx of the operation it reverses (docs/product.md section 13). */
  corrects: z.string().optional(),
  /** A corrected operation's row: the trx of the correction that reversed it. */
  corrected_by: z.string().optional(),
});
export type LedgerRow = z.infer<typeof ledgerRow>;

// ---- shift report ------------------------------------------------------------------------------------

export const shiftReportQuery = z.strictObject({ from: reportTime, to: reportTime });
export type ShiftReportQuery = z.input<typeof shiftReportQuery>;

const totals = {
  deposits: z.number(),
  deposit_total: z.number(),
  withdraws: z.number(),
  withdraw_total: z.number(),
  /** deposit_total - withdraw_total: the cash the operations brought into the till. */
  net: z.number(),
};

export const cashierTotals = z.object({
  user_id: z.number(),
  login: z.string(),
  name: z.string(),
  ...totals,
});
export type CashierTotals = z.infer<typeof cashierTotals>;

export const shiftReport = z.object({
  account_id: z.number(),
  currency: z.string(),
  from: z.string(),
  to: z.string(),
  cashiers: z.array(cashierTotals),
  totals: z.object(totals),
});
export type ShiftReport = z.infer<typeof shiftReport>;

// ---- reconciliation ----------------------------------------------------------------------------------

export const ledgerMismatch = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('float'), account_id: z.number(), stored: z.number(), ledger: z.number() }),
  z.object({
    kind: z.enum(['entries', 'final_bonus']),
    device_id: z.number(),
    place: z.number(),
    stored: z.number(),
    ledger: z.number(),
  }),
  z.object({ kind: z.literal('unbalanced_operation'), operation_id: z.number(), sum: z.number() }),
  z.object({
    kind: z.literal('running_balance'),
    entry_id: z.number(),
    balance_after: z.number(),
    running: z.number(),
  }),
  z.object({ kind: z.literal('limit'), account_id: z.number(), balance: z.number(), limit: z.number() }),
  /** A venue's hash chain breaks at `chain_seq` (`entry_id` null: its rows hold, its head does not). */
  z.object({
    kind: z.literal('chain'),
    account_id: z.number(),
    chain_seq: z.number(),
    entry_id: z.number().nullable(),
  }),
  /**
   * A venue's chain no longer extends a head kept earlier (`day`: the anchor of that gaming day; null: a
   * head the operator passed): `rewound`, it is shorter than `entries` now (rows removed and the head
   * moved back); `rewritten`, its row `entries` (`entry_id`) no longer carries `hash`. `chain_entries`
   * is how many rows the chain holds now.
   */
  z.object({
    kind: z.literal('anchor'),
    account_id: z.number(),
    day: z.string().nullable(),
    entries: z.number(),
    hash: z.string(),
    problem: z.enum(['rewound', 'rewritten']),
    chain_entries: z.number(),
    entry_id: z.number().nullable(),
  }),
  /** A record the ledger links to is missing or names another venue or trx (LEDGER_LINK_PROBLEMS). */
  z.object({
    kind: z.literal('link'),
    problem: z.enum(LEDGER_LINK_PROBLEMS),
    account_id: z.number().nullable(),
    entry_id: z.number().nullable(),
    operation_id: z.number().nullable(),
    approval_id: z.string().nullable(),
    trx: z.string().nullable(),
  }),
]);
export type LedgerMismatch = z.infer<typeof ledgerMismatch>;

export const verifyResult = z.object({
  ok: z.boolean(),
  /** The account checked, or null when the whole ledger was. */
  account_id: z.number().nullable(),
  checked_at: z.string(),
  duration_ms: z.number(),
  mismatches: z.array(ledgerMismatch),
});
export type VerifyResult = z.infer<typeof verifyResult>;

// ---- audit log -----------------------------------------------------------------------------------------

export const auditQuery = pageQuery.extend({ action: z.enum(AUDIT_ACTIONS).optional() });
export type AuditQuery = z.input<typeof auditQuery>;

/** What changed: the fields that differ, before and after (a password never appears). */
const snapshot = z.record(z.string(), z.unknown()).nullable();

export const auditEntry = z.object({
  id: z.number(),
  created_at: z.string(),
  /** The back-office user, or null for the operator CLI and the system (an expired approval). */
  actor_id: z.number().nullable(),
  actor_login: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  target_type: z.enum(AUDIT_TARGETS),
  target_id: z.number(),
  account_id: z.number().nullable(),
  before: snapshot,
  after: snapshot,
  reason: z.string().nullable(),
  /** The trx of a float move. */
  trx: z.string().nullable(),
  /** The actor's name now (null for the operator CLI, the system, or a user gone). */
  actor_name: z.string().nullable(),
  /**
   * The target's name now: the account's, the user's or the device's, a player's card (never their name);
   * null when it is gone.
   */
  target_name: z.string().nullable(),
  /** The currency of the entry's account, for its money fields (AUDIT_MONEY_FIELDS); null without one. */
  currency: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
