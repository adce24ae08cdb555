// Row types of every table: `interface Database` assembles them for Kysely.
// Money columns are bigint cents, booleans are 0/1 smallints and times are epoch milliseconds on both
// databases, so one query layer serves SQLite and PostgreSQL alike.
import type {
  ApprovalStatus,
  AuditAction,
  AuditTarget,
  DeviceType,
  DrawerMovementKind,
  LedgerKind,
  LedgerLine,
} from '@cashdesk/contract';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

export type Flag = 0 | 1;

export interface AccountsTable {
  id: Generated<number>;
  name: string;
  currency: string;
  balance_cents: Generated<number>;
  overdraft_cents: number;
  has_overdraft: Flag;
  home_play: Flag;
  is_hard_block_home_play: Generated<Flag>;
  is_light_block_home_play: Generated<Flag>;
  min_amount_cents: number;
  max_amount_cents: number;
  final_bonus_rate_bps: number;
  /** Ceiling of one game event's amount (migration 008). */
  max_event_amount_cents: Generated<number>;
  /** Cash calls need an open shift (migration 010). */
  shifts: Generated<Flag>;
  /** Four eyes: a cashier's withdraw or cash-out above it waits for a manager; null or 0 off (013). */
  approval_above_cents: Generated<number | null>;
  /** Four eyes: a seat's payouts in this many minutes count together (migration 017; default 60). */
  approval_window_minutes: Generated<number>;
  /** Alert settings (migration 014): cents, or minutes for silence; null turns the alert off. */
  alert_float_below: Generated<number | null>;
  alert_device_silent_minutes: Generated<number | null>;
  alert_shift_difference: Generated<number | null>;
  alert_withdrawals_hour: Generated<number | null>;
  /** The daily report (migration 015): IANA time zone, and the hour there the gaming day starts. */
  time_zone: Generated<string>;
  day_starts_at: Generated<number>;
  /** Players (migration 022): the default daily deposit limit (null: none), a raise's cooling-off. */
  player_daily_limit_cents: Generated<number | null>;
  limit_cooling_off_hours: Generated<number>;
  /** The cash report (migration 022): a player's transaction above the first is logged; a day above the second reported. */
  cash_log_above_cents: Generated<number | null>;
  cash_report_above_cents: Generated<number | null>;
  created_at_ms: number;
}

export interface UsersTable {
  id: Generated<number>;
  login: string;
  /** contract loginKey(login), unique: one user per login whatever its case, Unicode form or look-alikes. */
  login_key: string;
  password_hash: string;
  name: string;
  role: 'admin' | 'manager' | 'cashier';
  account_id: number | null;
  /** JSON array of restriction names. */
  restrictions: string;
  blocked: Generated<Flag>;
  created_at_ms: number;
}

export interface SessionsTable {
  /** sha-256 of the cookie token: a database leak does not leak live sessions. */
  token_hash: string;
  user_id: number;
  remember: Flag;
  created_at_ms: number;
  last_seen_at_ms: number;
  expires_at_ms: number;
  /** When the cashier locked the till of this session; null while unlocked (migration 003). */
  locked_at_ms: number | null;
  /** Wrong passwords on this session's lock screen since it was last unlocked (migration 006). */
  unlock_failures: Generated<number>;
}

/** Attempt counts of auth/throttle.ts: sign-in's keys and the PIN keys of devices/pin-guard.ts. */
export interface SignInThrottleTable {
  /** `login:<login>`, `ip:<ip>`, `pair:<login>|<ip>`, `device:<nonce>`, `pin-user:<id>`, ... */
  key: string;
  failures: number;
  window_started_at_ms: number;
  locked_until_ms: number;
}

export interface DevicesTable {
  id: Generated<number>;
  uuid: string;
  /** null until a cashier links the device by its PIN. */
  account_id: number | null;
  /** DEVICE_TYPE: 0 regular cabinet, 1 remote (home-play) client. */
  type: DeviceType;
  module: number;
  game_id: number;
  name: string;
  hidden: Generated<Flag>;
  status: 'ready' | 'registering';
  token_hash: string;
  pin: string | null;
  pin_expires_at_ms: number | null;
  /** A pairing PIN is single-use; a remote PIN stays the cash-call PIN until the client makes a new one. */
  pin_used: Generated<Flag>;
  /** Wrong tries against the current PIN; the PIN ends at PIN_MAX_WRONG (migration 006). */
  pin_failures: Generated<number>;
  /** The PIN this one replaced (or that ended): a terminal still showing it is not guessing. */
  pin_previous: string | null;
  created_at_ms: number;
  linked_at_ms: number | null;
  /** When the device last reported (migration 014); null until its first report. */
  last_seen_at_ms: Generated<number | null>;
}

export interface PlacesTable {
  device_id: number;
  place: number;
  username: string;
  entries_cents: Generated<number>;
  final_bonus_cents: Generated<number>;
  /** The player the seat holds (migration 022), until it is emptied (players/player-rules.ts seatPlayer). */
  player_id: Generated<number | null>;
}

/** Idempotency records: the stored answer of every money or linking call, by (scope, trx). */
export interface OperationsTable {
  id: Generated<number>;
  scope: string;
  trx: string;
  kind: string;
  request_hash: string;
  status_code: number | null;
  response_json: string | null;
  account_id: number | null;
  user_id: number | null;
  device_id: number | null;
  /** Why a person moved money (back office); null for cashier and device calls. */
  reason: string | null;
  created_at_ms: number;
  /** The cash-drawer shift a cashier's cash operation belongs to (migration 010, shifts/). */
  shift_id: Generated<number | null>;
  /** A correction's original operation (migration 013): corrected at most once (a unique index). */
  corrects_operation_id: Generated<number | null>;
  /** The player a cash call or transfer was for (migration 022): what the cash report sums. */
  player_id: Generated<number | null>;
}

/** A player the venue knows by a card it issued (migration 022, docs/product.md section 18). */
export interface PlayersTable {
  id: Generated<number>;
  account_id: number;
  card: string;
  name: string | null;
  document_kind: string | null;
  document_number: string | null;
  /** ISO day. */
  birth_date: string | null;
  /** The player's own daily deposit limit; null: the venue's default. */
  daily_limit_cents: number | null;
  /** A raise of the limit waiting out the venue's cooling-off, and when it takes effect. */
  limit_raise_cents: number | null;
  limit_raise_at_ms: number | null;
  excluded: Generated<Flag>;
  /** ISO day, the last day of the exclusion; null with `excluded` 1: indefinite. */
  excluded_until: string | null;
  /** The gaming day (ISO) the two sums below are of; the ledger's batch starts them again on a new day. */
  day: Generated<string>;
  day_cash_in_cents: Generated<number>;
  day_cash_out_cents: Generated<number>;
  /** The card, name and document number folded for the search (contract playerSearchText), kept with them. */
  search_text: Generated<string>;
  created_at_ms: number;
  updated_at_ms: number;
}

// The ledger's vocabulary is part of the contract: the back office filters and shows it.
export { LEDGER_KINDS, LEDGER_LINES, type LedgerKind, type LedgerLine } from '@cashdesk/contract';

/** Append-only: triggers refuse UPDATE and DELETE. Each operation's rows sum to zero (double entry). */
export interface LedgerEntriesTable {
  id: Generated<number>;
  operation_id: number;
  trx: string;
  kind: LedgerKind;
  /** Transaction type of docs/product.md section 4, when the row is a place movement. */
  tx_type: number | null;
  line: LedgerLine;
  account_id: number;
  device_id: number | null;
  place: number | null;
  user_id: number | null;
  amount_cents: number;
  /** The balance of the line after this row; null for lines without a stored balance. */
  balance_after_cents: number | null;
  created_at_ms: number;
}

/**
 * Append-only (migration 019): each ledger row's place in its venue's hash chain, written by the sealer
 * (ledger/ledger-sealer.ts) once the row has committed (db/ledger-chain.ts).
 */
export interface LedgerSealsTable {
  account_id: number;
  /** From 1, one per row of the venue, in the order sealed. */
  chain_seq: number;
  entry_id: number;
  /** SHA-256 (hex) over the previous place's hash and the row's fields (db/ledger-chain.ts). */
  chain_hash: string;
}

/**
 * The head of each venue's hash chain: how many rows it holds, the last one's hash, and the ledger id up
 * to which every row of the venue is on it (db/ledger-chain.ts).
 */
export interface LedgerChainHeadsTable {
  account_id: number;
  entries: number;
  hash: string;
  sealed_through_id: Generated<number>;
}

/**
 * Append-only (migration 018): each closed gaming day's chain head of each venue, kept by the anchor
 * sweep (back-office/reports/ledger-anchors.ts) so `verify` sees a chain cut back or rewritten after it.
 */
export interface LedgerAnchorsTable {
  id: Generated<number>;
  account_id: number;
  /** The gaming day, YYYY-MM-DD in the venue's time zone. */
  day: string;
  entries: number;
  hash: string;
  day_ends_at_ms: number;
  created_at_ms: number;
}

export interface DeviceEventsTable {
  id: Generated<number>;
  operation_id: number;
  device_id: number;
  place: number;
  type: number;
  amount_cents: number;
  entries_after_cents: number;
  created_at_ms: number;
}

/** Append-only (triggers refuse UPDATE and DELETE): every back-office change, who made it and why. */
export interface AuditLogTable {
  id: Generated<number>;
  created_at_ms: number;
  /** null for the operator CLI. */
  actor_user_id: number | null;
  /** Kept beside the id, so the entry still reads right if the login is ever renamed. */
  actor_login: string;
  action: AuditAction;
  target_type: AuditTarget;
  target_id: number;
  /** The account the change belongs to (managers list their own), null for admins without one. */
  account_id: number | null;
  /** JSON of the changed fields before and after; null when there was no before (create) or no field. */
  before_json: string | null;
  after_json: string | null;
  reason: string | null;
  trx: string | null;
}

/** A cashier's cash-drawer shift (migration 010): the figures are null until the close writes them. */
export interface ShiftsTable {
  id: Generated<number>;
  account_id: number;
  user_id: number;
  opened_at_ms: number;
  opening_cents: number;
  open_trx: string;
  closed_at_ms: number | null;
  close_trx: string | null;
  counted_cents: number | null;
  deposits: number | null;
  deposits_cents: number | null;
  withdraws: number | null;
  cash_outs: number | null;
  cash_outs_cents: number | null;
  withdrawals_cents: number | null;
  expected_cents: number | null;
  difference_cents: number | null;
  /** The drawer's movements at the close (migration 021): counts and sums; null while open or before 021. */
  drops: number | null;
  drops_cents: number | null;
  paid_ins: number | null;
  paid_in_cents: number | null;
  paid_outs: number | null;
  paid_out_cents: number | null;
}

/** Append-only: a drawer count by notes and coins (migration 021), at the shift's open or close. */
export interface ShiftCountsTable {
  shift_id: number;
  stage: 'open' | 'close';
  value_cents: number;
  quantity: number;
}

/** Append-only: a drawer movement (migration 021): cash dropped to the safe, paid in or paid out. */
export interface ShiftMovementsTable {
  id: Generated<number>;
  shift_id: number;
  account_id: number;
  user_id: number;
  kind: DrawerMovementKind;
  amount_cents: number;
  /** Required for a paid-in or paid-out (a CHECK); optional for a drop. */
  reason: string | null;
  trx: string;
  operation_id: number;
  created_at_ms: number;
}

/** A cashier's withdraw or cash-out held back for a manager's decision (migration 013, approvals/). */
export interface ApprovalsTable {
  id: string;
  account_id: number;
  scope: string;
  trx: string;
  request_hash: string;
  user_id: number;
  device_id: number;
  device_uuid: string;
  place: number;
  delta_cents: number;
  cash_out: Flag;
  /** What the manager approves, the payout's ceiling (migration 017). */
  amount_cents: number;
  remote_pin: string | null;
  /** The player the held call is for (migration 022): applied, it is the same call. */
  player_id: Generated<number | null>;
  status: StoredApprovalStatus;
  created_at_ms: number;
  decided_at_ms: number | null;
  decided_by: number | null;
  reason: string | null;
  /** An approved call the ledger refused: its refusal's body (shown `failed`); null otherwise (017). */
  outcome_json: Generated<string | null>;
}

/**
 * The statuses an approval's row stores: the contract's, less the two shown from what else the row holds
 * (approvals/four-eyes.ts statusOf): `expired` is a pending one past its window, `failed` an approved one
 * the ledger refused.
 */
export type StoredApprovalStatus = Exclude<ApprovalStatus, 'expired' | 'failed'>;

/** The kinds migration 023's CHECK allows (contract ALERT_KINDS). */
export type AlertKind =
  'float_low' | 'device_silent' | 'shift_difference' | 'withdrawals_hour' | 'structuring';

/** An alert of the manager's floor (migration 014): open while cleared_at_ms is null. */
export interface AlertsTable {
  id: Generated<number>;
  account_id: number;
  kind: AlertKind;
  /** Who or what it names: `account:1`, `device:7`, `shift:3`, `hour:2026-11-28T14`. */
  subject: string;
  details: string;
  started_at_ms: number;
  cleared_at_ms: number | null;
  acked_by_user_id: number | null;
  acked_at_ms: number | null;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface Database {
  accounts: AccountsTable;
  users: UsersTable;
  sessions: SessionsTable;
  sign_in_throttle: SignInThrottleTable;
  devices: DevicesTable;
  places: PlacesTable;
  operations: OperationsTable;
  ledger_entries: LedgerEntriesTable;
  ledger_chain_heads: LedgerChainHeadsTable;
  ledger_seals: LedgerSealsTable;
  ledger_anchors: LedgerAnchorsTable;
  device_events: DeviceEventsTable;
  settings: SettingsTable;
  audit_log: AuditLogTable;
  shifts: ShiftsTable;
  shift_counts: ShiftCountsTable;
  shift_movements: ShiftMovementsTable;
  approvals: ApprovalsTable;
  alerts: AlertsTable;
  players: PlayersTable;
}

export type AccountRow = Selectable<AccountsTable>;
export type UserRow = Selectable<UsersTable>;
export type DeviceRow = Selectable<DevicesTable>;
export type PlaceRow = Selectable<PlacesTable>;
export type PlayerRow = Selectable<PlayersTable>;
export type ShiftRow = Selectable<ShiftsTable>;
export type SessionRow = Selectable<SessionsTable>;
export type NewLedgerEntry = Insertable<LedgerEntriesTable>;
export type Timestamp = ColumnType<number, number, number>;
