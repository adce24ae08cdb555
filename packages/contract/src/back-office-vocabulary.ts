// The back office's vocabulary as plain constants, without zod: the console's lazy chunk imports them
// and stays free of the schema library (the package is side-effect free, so unused schemas drop out).

/** The lines of the double-entry ledger (docs/money.md). */
export const LEDGER_LINES = ['float', 'entries', 'final_bonus', 'promotion', 'external', 'game'] as const;
export type LedgerLine = (typeof LEDGER_LINES)[number];

/** What made a ledger row. */
export const LEDGER_KINDS = [
  'float_top_up',
  'float_withdraw',
  'deposit',
  'withdraw',
  'final_bonus_burn',
  'device_event',
  'final_bonus_accrual',
  // A manager's correction: the opposite movement of a cashier's deposit or withdraw, never one of them.
  'correction',
  // A player's money moved between two seats of the venue by a cashier: no cash, no float.
  'transfer',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const AUDIT_ACTIONS = [
  'account.create',
  'account.update',
  'account.float_move',
  'user.create',
  'user.update',
  'user.set_password',
  'user.set_restrictions',
  'device.update',
  'device.unlink',
  // A cashier opened or closed a cash-drawer shift (target: the cashier; after: the shift's figures).
  'shift.open',
  'shift.close',
  // The drawer's own movements in the cashier's open shift (target: the cashier; trx: the movement's).
  'shift.drop',
  'shift.paid_in',
  'shift.paid_out',
  // A copy of the cashier's last receipt was made (target: the device; trx: the operation's).
  'receipt.reprint',
  // Four eyes (target: the device; trx: the cashier's held-back call; after: the approval).
  'approval.request',
  'approval.approve',
  'approval.decline',
  'approval.withdraw',
  // Nobody decided it within the window (actor `system`, written by a sweep after the moment).
  'approval.expire',
  // A manager's correction of a cash operation (target: the device; trx: the correction's).
  'operation.correct',
  // A manager acknowledged an alert of the floor (target: the account; after: the alert).
  'alert.ack',
  // Players (target: the player). A till registered a card; a till recorded, changed or cleared identity
  // fields (before and after name the fields, never their values: docs/security.md, "Players' identity");
  // a till set the daily deposit limit (after: the limit in effect and a raise waiting out the
  // cooling-off); a manager excluded the player (to a day, or indefinitely) or lifted the exclusion.
  'player.create',
  'player.identity',
  'player.limit',
  'player.exclude',
  'player.exclusion_lift',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * The fields of an audit entry's `before` and `after` that hold money, in cents of the entry's account:
 * the settings that are amounts, a float move's balance, an approval's or a correction's delta, and a
 * shift's figures (each named `*_cents`).
 */
const AUDIT_MONEY_FIELDS: ReadonlySet<string> = new Set([
  'balance',
  'overdraft',
  'min_amount',
  'max_amount',
  'max_event_amount',
  'approval_above',
  'alert_float_below',
  'alert_shift_difference',
  'alert_withdrawals_hour',
  'delta',
  'player_daily_limit',
  'cash_log_above',
  'cash_report_above',
  'daily_limit',
  'limit_raise',
]);

export function isAuditMoneyField(field: string): boolean {
  return AUDIT_MONEY_FIELDS.has(field) || field.endsWith('_cents');
}

export const AUDIT_TARGETS = ['account', 'user', 'device', 'player'] as const;
export type AuditTarget = (typeof AUDIT_TARGETS)[number];

/**
 * What `verify` checks of the records the ledger links to: a ledger row's operation is missing, or of
 * another venue, or of another trx; a correction's original is missing or of another venue; an approved
 * approval has no operation; a correction or a person's float move has no audit entry.
 */
export const LEDGER_LINK_PROBLEMS = [
  'entry_operation_missing',
  'entry_operation_venue',
  'entry_operation_trx',
  'correction_original_missing',
  'correction_original_venue',
  'approval_operation_missing',
  'audit_missing',
] as const;
export type LedgerLinkProblem = (typeof LEDGER_LINK_PROBLEMS)[number];
