// Zod schemas of every call in docs/api.md: the server validates with them, the web and tests type with them.
import { z } from 'zod';
import {
  CHANGE_PASSWORD_MAX_LENGTH,
  LIMIT_REPORT_MAX,
  LOGIN_LENGTH,
  MAX_ALERT_SILENT_MINUTES,
  MAX_APPROVAL_WINDOW_MINUTES,
  MAINTENANCE_MESSAGE_MAX_LENGTH,
  NEW_PASSWORD_MIN_LENGTH,
  PASSWORD_LENGTH,
} from './constants.js';
import { dayStartsAt, timeZone } from './daily-report.js';
import { ERR } from './errors.js';
import {
  DEVICE_EVENT_TYPES,
  LOGIN_CHARACTERS,
  MAX_PLACES,
  normaliseLogin,
  RESTRICTIONS,
  ROLES,
} from './domain.js';

// ---- building blocks ----------------------------------------------------------------------------

/** A non-zero safe integer number of cents; fractions, strings, huge numbers and 0 are refused. */
export const amountCents = z
  .number()
  .int()
  .refine((v) => Number.isSafeInteger(v), 'must be a safe integer')
  .refine((v) => v !== 0, 'must not be 0');

/** A non-negative safe integer number of cents (limits, overdraft). */
export const cents = z
  .number()
  .int()
  .refine((v) => Number.isSafeInteger(v) && v >= 0, 'must be a non-negative safe integer');

/**
 * The largest drawer count (a shift's opening and closing count, shifts.ts): `cents` within half the
 * safe range. The close works out expected = opening + deposits - withdrawals and difference = counted -
 * expected, which must stay safe integers to be exact; a count at MAX_SAFE_INTEGER took the expected
 * figure past 2^53 with the first deposit. A close whose figures leave the safe range
 * all the same is refused by drawerFigures (apps/server/src/shifts/shifts.service.ts).
 */
export const MAX_COUNTED_CENTS = 2 ** 52 - 1;
export const countedCents = cents.max(MAX_COUNTED_CENTS, `must be at most ${MAX_COUNTED_CENTS}`);

export const trx = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8 to 64 characters of A-Z a-z 0-9 _ -');
export const positiveId = z.number().int().min(1).max(2147483647);
/** An id taken from a path segment. */
export const idParam = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'must be a positive integer')
  .transform(Number)
  .pipe(positiveId);
export const placeNumber = z.number().int().min(1).max(MAX_PLACES);
export const placeParam = z
  .string()
  .regex(/^[1-8]$/, `must be a place from 1 to ${MAX_PLACES}`)
  .transform(Number);

const dateOnly = /^\d{4}-\d{2}-\d{2}$/;
const dateTimeWithOffset = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?(?:Z|[+-]\d{2}:\d{2})$/;
/** `YYYY-MM-DD` (UTC midnight) or `YYYY-MM-DDTHH:mm:ss±HH:MM`; parsed into a Date. */
export const reportTime = z
  .string()
  .refine(
    (s) => dateOnly.test(s) || dateTimeWithOffset.test(s),
    'must be YYYY-MM-DD or YYYY-MM-DDTHH:mm:ss±HH:MM',
  )
  .transform((s, ctx) => {
    const date = new Date(dateOnly.test(s) ? `${s}T00:00:00Z` : s);
    if (Number.isNaN(date.getTime()) || !sameCalendarDate(s, date)) {
      ctx.addIssue({ code: 'custom', message: 'is not a real date' });
      return z.NEVER;
    }
    return date;
  });

/** Refuses dates like 2026-02-30 that Date silently rolls over. */
function sameCalendarDate(text: string, parsed: Date): boolean {
  const [y, m, d] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  const offsetMatch = /([+-])(\d{2}):(\d{2})$/.exec(text);
  const offsetMin = offsetMatch
    ? (offsetMatch[1] === '-' ? -1 : 1) * (Number(offsetMatch[2]) * 60 + Number(offsetMatch[3]))
    : 0;
  if (Math.abs(offsetMin) > 14 * 60) return false;
  const local = new Date(parsed.getTime() + offsetMin * 60000);
  return local.getUTCFullYear() === y && local.getUTCMonth() + 1 === m && local.getUTCDate() === d;
}

export const role = z.enum(ROLES);
export const restriction = z.enum(RESTRICTIONS);
export const currency = z.string().regex(/^[A-Z]{3}$/, 'must be a 3-letter ISO currency code');

// ---- session --------------------------------------------------------------------------------------

export const signInRequest = z.strictObject({
  login: z
    .string()
    .min(1, 'Enter your login')
    .min(LOGIN_LENGTH.min, 'login is too short')
    .max(LOGIN_LENGTH.max, 'login is too long'),
  password: z
    .string()
    .min(1, 'Enter your password')
    .min(PASSWORD_LENGTH.min, 'password is too short')
    .max(PASSWORD_LENGTH.max, 'password is too long'),
  remember: z.boolean().default(false),
});
export type SignInRequest = z.input<typeof signInRequest>;

export const changePasswordRequest = z.strictObject({
  old: z
    .string()
    .min(1, 'Enter your old password')
    .max(CHANGE_PASSWORD_MAX_LENGTH, 'old password is too long'),
  new: z
    .string()
    .min(1, 'Enter your new password')
    .min(NEW_PASSWORD_MIN_LENGTH, `new password must have at least ${NEW_PASSWORD_MIN_LENGTH} characters`)
    .max(CHANGE_PASSWORD_MAX_LENGTH, 'new password is too long'),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

export const user = z.object({
  id: z.number(),
  name: z.string(),
  login: z.string(),
  role,
  account_id: z.number().nullable(),
  restrictions: z.array(z.string()),
});
export type User = z.infer<typeof user>;

export const ok = z.object({ ok: z.literal(true) });
export type Ok = z.infer<typeof ok>;

/**
 * The body of every error answer: `{err, ...details}` (errors.ts), e.g. `issues` ({path, message}) for
 * `validation`, `retry_after` (seconds) for `too many attempts`.
 */
export const errorBody = z.looseObject({
  err: z.enum(Object.values(ERR) as [string, ...string[]]),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  retry_after: z.number().optional(),
});

/** `GET /healthz` and `GET /readyz` (503 `{ok: false}` while the database does not answer). */
export const health = z.object({ ok: z.boolean() });

// ---- till lock (docs/web-app.md) -------------------------------------------------------------------

/** `POST /a/unlock`: the signed-in cashier's own password. */
export const unlockRequest = z.strictObject({
  password: z.string().min(1, 'Enter your password').max(CHANGE_PASSWORD_MAX_LENGTH, 'password is too long'),
});
export type UnlockRequest = z.infer<typeof unlockRequest>;

/** `GET /a/lock`, and the answer of lock and unlock: is this session's till locked, and when to auto-lock. */
export const lockState = z.object({
  locked: z.boolean(),
  /** Lock after this long without a key press or touch; null: never on its own. */
  auto_lock_after_ms: z.number().int().positive().nullable(),
});
export type LockState = z.infer<typeof lockState>;

// ---- public pages: maintenance, client download, support (docs/web-app.md) ----------------------------

/** The operator's maintenance text (CLI `maintenance:set`), trimmed and not empty. */
export const maintenanceText = z
  .string()
  .trim()
  .min(1, 'the maintenance message must not be empty')
  .max(
    MAINTENANCE_MESSAGE_MAX_LENGTH,
    `the maintenance message must be at most ${MAINTENANCE_MESSAGE_MAX_LENGTH} characters`,
  );

/** `GET /maintenance`: 200 with the message, 404 `not found` when none is set. */
export const maintenanceMessage = z.object({ message: z.string(), updated_at: z.string() });
export type MaintenanceMessage = z.infer<typeof maintenanceMessage>;

/** `GET /client_config`: what the operator configured for the web app's public parts. */
export const clientConfig = z.object({
  /** The cashier client's download (the /get-client page), or null when none is offered. */
  client_download_url: z.string().nullable(),
  support: z.object({
    /** A chat script that defines `window.CashdeskSupportChat.init` (docs/web-app.md), or null. */
    chat_script_url: z.string().nullable(),
    /** The venue's support contact, offered when no chat is configured (or it fails to start). */
    phone: z.string().nullable(),
    email: z.string().nullable(),
  }),
});
export type ClientConfig = z.infer<typeof clientConfig>;

// ---- cashier --------------------------------------------------------------------------------------

export const floatInfo = z.object({
  /** null when the cashier's restrictions hide the float (contract visibleFloatFigures). */
  balance: z.number().nullable(),
  /** null when hidden, or when the cashier may see the balance but not the overdraft. */
  overdraft: z.number().nullable(),
  has_overdraft: z.boolean(),
  home_play: z.boolean(),
  is_hard_block_home_play: z.boolean(),
  is_light_block_home_play: z.boolean(),
  /** The venue counts its drawers in shifts: cash calls need an open shift (docs/api.md, "Shifts"). */
  shifts: z.boolean(),
  currency: z.string(),
});
export type FloatInfo = z.infer<typeof floatInfo>;

const lastMove = z.object({ amount: z.number(), created_at: z.string() }).nullable();
export const deviceSummary = z.object({
  deposit_24h: z.number(),
  withdraw_24h: z.number(),
  delta_24h: z.number(),
  last_deposit: lastMove,
  last_withdraw: lastMove,
});
export type DeviceSummary = z.infer<typeof deviceSummary>;

export const device = z.object({
  id: z.number(),
  uuid: z.string(),
  name: z.string(),
  game_id: z.number(),
  module: z.number(),
  hidden: z.boolean(),
  type: z.number(),
  created_at: z.string(),
  players: z.number(),
  payment: z.number(),
  status: z.enum(['ready', 'registering']),
  summary: deviceSummary,
});
export type Device = z.infer<typeof device>;

export const balances = z.object({ entries: z.number(), final_bonus: z.number() });
export type Balances = z.infer<typeof balances>;

export const place = z.object({
  place: z.number(),
  username: z.string(),
  colour: z.string(),
  balances,
});
export type Place = z.infer<typeof place>;

export const deviceDetail = device.extend({ places: z.array(place) });
export type DeviceDetail = z.infer<typeof deviceDetail>;

export const registerDeviceRequest = z.strictObject({
  pin: z.string().regex(/^\d{1,5}$/, 'must be 1 to 5 digits'),
  trx,
});
export const registerRemoteRequest = z.strictObject({
  pin: z.string().regex(/^\d{1,6}$/, 'must be 1 to 6 digits'),
  trx,
});
export type RegisterDeviceRequest = z.infer<typeof registerDeviceRequest>;
export const registeredDevice = z.object({ id: z.number() });

export const editDeviceRequest = z.strictObject({
  name: z.string().trim().min(1, 'name is required').max(64, 'name is too long'),
  hidden: z.boolean(),
});
export type EditDeviceRequest = z.infer<typeof editDeviceRequest>;

/**
 * `cash_out: true` (optional): take the place's whole balance at the moment the ledger books the call,
 * whatever it is then; `delta` is the balance the cashier saw, taken off (below 0). The answer's `delta`
 * is what was taken (docs/api.md "Money rules", ledger/money-rules.ts cashOutDelta).
 */
const cashOut = z.boolean().optional();
const cashOutTakesOff = <T extends { delta: number; cash_out?: boolean | undefined }>(body: T) =>
  body.cash_out !== true || body.delta < 0;
const cashOutRefinement = { message: 'must be below 0 in a cash-out', path: ['delta'] };

/** The player the money is for (docs/product.md section 18): the seat holds them until it is emptied. */
const playerId = positiveId.optional();

export const cashRequest = z
  .strictObject({ delta: amountCents, trx, cash_out: cashOut, player_id: playerId })
  .refine(cashOutTakesOff, cashOutRefinement);
export type CashRequest = z.infer<typeof cashRequest>;
export const remoteCashRequest = z
  .strictObject({
    delta: amountCents,
    trx,
    pin_code: z.string().regex(/^\d{1,6}$/, 'must be 1 to 6 digits'),
    cash_out: cashOut,
    player_id: playerId,
  })
  .refine(cashOutTakesOff, cashOutRefinement);
export type RemoteCashRequest = z.infer<typeof remoteCashRequest>;

export const cashResult = z.object({
  trx: z.string(),
  delta: z.number(),
  balances,
  burned_final_bonus: z.number(),
  /** null when the cashier's restrictions hide the float (contract visibleFloatFigures). */
  float_balance: z.number().nullable(),
  currency: z.string(),
  device_uuid: z.string(),
  created_at: z.string(),
  /** Added to the spec's answer, for the receipt: the venue's name. */
  venue: z.string().optional(),
  /**
   * Added to the spec's answer, for the receipt: a short number a person reads out, unique in the venue
   * and the same on every answer of this operation (a retry, a reprint). The trx stays its full id.
   */
  receipt_no: z.string().optional(),
});
export type CashResult = z.infer<typeof cashResult>;

/** A cash call held back for a manager (four eyes): 202, nothing moved; the same trx answers it again. */
export const approvalPending = z.object({
  status: z.literal('pending'),
  approval_id: z.string(),
  trx: z.string(),
});
export type ApprovalPending = z.infer<typeof approvalPending>;

/** `failed`: a manager approved it and the ledger then refused it (`outcome` says why); nothing moved. */
export const APPROVAL_STATUSES = [
  'pending',
  'approved',
  'declined',
  'expired',
  'withdrawn',
  'failed',
] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
export const approvalsQuery = z.strictObject({ status: z.enum(APPROVAL_STATUSES).optional() });
/** An approval's id is a UUID; any printable text is looked up (404 when none), a control byte is a 400. */
export const approvalId = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[\x21-\x7e]+$/, 'printable characters only');
export const approvalParams = z.object({ id: idParam, approval_id: approvalId });
export const approval = z.object({
  id: z.string(),
  trx: z.string(),
  device_id: z.number(),
  place: z.number(),
  delta: z.number(),
  cash_out: z.boolean(),
  /**
   * What the manager approves (cents, positive): a withdraw's size, or what a cash-out would have taken
   * when it was filed. The payout is never more; what the seat won meanwhile stays on it.
   */
  amount: z.number(),
  cashier: z.string(),
  created_at: z.string(),
  status: z.enum(APPROVAL_STATUSES),
  decided_by: z.string().optional(),
  reason: z.string().optional(),
  /** A failed approval: the ledger's refusal (its error body). */
  outcome: z.looseObject({ err: z.string() }).optional(),
});
export type Approval = z.infer<typeof approval>;
export const approvalDecisionRequest = z.strictObject({
  decision: z.enum(['approve', 'decline']),
  password: z.string().min(1).max(1000),
  reason: z.string().trim().max(500).optional(),
});
export type ApprovalDecisionRequest = z.infer<typeof approvalDecisionRequest>;
/** The cashier's retraction of their own held-back call carries nothing but the approval's id (in the path). */
export const approvalRetractRequest = z.strictObject({});
/**
 * A decision and what the ledger made of it, one answer: `approved` (the money moved: `outcome` is the
 * payout), `declined` (`outcome` null) or `failed` (the ledger refused: `outcome` is its error body).
 */
export const approvalDecisionResult = z.object({
  id: z.string(),
  status: z.enum(APPROVAL_STATUSES),
  outcome: z.record(z.string(), z.unknown()).nullable(),
});
export type ApprovalDecisionResult = z.infer<typeof approvalDecisionResult>;

const deviceIds = z.array(positiveId).max(1000);
export const reportRequest = z.strictObject({
  device_ids: deviceIds,
  from: reportTime,
  to: reportTime,
  remote: z.boolean().optional(),
});
export type ReportRequest = z.input<typeof reportRequest>;

export const limitReportRequest = z.strictObject({
  device_ids: deviceIds,
  limit: z.number().int().min(1).max(LIMIT_REPORT_MAX),
  placeId: placeNumber,
  remote: z.boolean().optional(),
});
export type LimitReportRequest = z.infer<typeof limitReportRequest>;

export const reportEntry = z.object({
  device_id: z.number(),
  device_name: z.string(),
  place: z.number(),
  trx: z.string(),
  created_at: z.string(),
  currency: z.string(),
  user_idx: z.number(),
  user_name: z.string(),
  data: z.object({ total_in: z.number(), total_out: z.number() }),
  /** A manager's correction (docs/product.md section 13): the trx of the operation it reverses. */
  corrects: z.string().optional(),
  /** A corrected operation: the trx of the correction that reversed it. */
  corrected_by: z.string().optional(),
  /** Why the pair was corrected, on both of its rows. */
  correction_reason: z.string().optional(),
});
export type ReportEntry = z.infer<typeof reportEntry>;

export const gameReportRequest = z.strictObject({ device_id: positiveId, full: z.boolean() });
export const gameEvent = z.object({
  type: z.number(),
  place: z.number(),
  delta: z.number(),
  balance: z.number(),
  created_at: z.string(),
});
export type GameEvent = z.infer<typeof gameEvent>;

export const versionInfo = z.object({ hash: z.string() });
export const serverTime = z.object({ time: z.string() });

// ---- live updates (GET /a/cashier/events, text/event-stream; docs/live-updates.md) -----------------

/** `event: hello`, first on every stream: the server's build hash, as `GET /cashier_v` gives it. */
export const liveHello = versionInfo;
/** `event: change`: the venue's float changed, and/or these devices' detail did. */
export const liveChange = z.object({
  float: z.boolean(),
  devices: z.array(z.number()),
  /** The terminal's own cashier changed (restrictions): refetch `/a/me`. Only sent when true. */
  me: z.boolean().optional(),
  /**
   * The venue's floor alerts were raised, cleared or acknowledged: refetch them. Only on the back
   * office's stream (`GET /a/manager/account/:id/events`), only when true.
   */
  alerts: z.boolean().optional(),
  /**
   * A payout held for a manager (four eyes) was filed, decided, withdrawn or expired on the devices named:
   * a till waiting on one asks its trx again, the back office refetches its approvals. Only when true.
   */
  approvals: z.boolean().optional(),
  /**
   * Of `devices`, those whose only change since the last message was game play (bets, wins: their seats'
   * balances), which moves no figure but the seats' (no cash move, no 24-hour figure, no status or name).
   * A device named by any other change too is left out. Only when not empty.
   */
  played: z.array(z.number()).optional(),
  /**
   * On a till's stream: the venue's cabinets among `played`, each with its `payment` (the sum of its seats'
   * entries, as the device list's row has it) read when the message was sent, so the till updates its
   * list's rows without asking for the list. A later message always carries a later read. Only when
   * `played` names a cabinet of the venue (never a home-play phone: its figures need its PIN).
   */
  payments: z.array(z.object({ id: z.number(), payment: z.number() })).optional(),
});
export type LiveChange = z.infer<typeof liveChange>;
/** One cabinet's `payment` as a live change carries it (`LiveChange.payments`). */
export type DevicePayment = NonNullable<LiveChange['payments']>[number];

// ---- device gateway -------------------------------------------------------------------------------

export const enrollRequest = z.strictObject({
  kind: z.enum(['cabinet', 'remote']),
  module: z.number().int().min(0).max(255),
  game_id: z.number().int().min(0).max(2147483647),
  places: z.number().int().min(1).max(MAX_PLACES),
});
export type EnrollRequest = z.infer<typeof enrollRequest>;
export const enrollResult = z.object({ device_token: z.string(), uuid: z.string() });
/**
 * `POST /device/pin`: no body (or `{}`) makes a new PIN, the player's "new PIN"; `keep_live: true` is the
 * device's scheduled renewal at the end of the life it was told, which keeps the PIN a till holds open
 * (its life pushed on by the till's calls) and makes a new one otherwise (docs/api.md, "Device gateway").
 */
export const pinRequest = z.strictObject({ keep_live: z.literal(true).optional() }).optional();
export type PinRequest = z.infer<typeof pinRequest>;
export const pinResult = z.object({ pin: z.string(), expires_at: z.string() });
export const deviceState = z.object({ id: z.number(), linked: z.boolean(), places: z.array(place) });
export type DeviceState = z.infer<typeof deviceState>;

export const deviceEventRequest = z.strictObject({
  trx,
  place: placeNumber,
  type: z.union(DEVICE_EVENT_TYPES.map((t) => z.literal(t))),
  amount: amountCents.refine((v) => v > 0, 'must be positive'),
});
export type DeviceEventRequest = z.infer<typeof deviceEventRequest>;
export const deviceEventResult = z.object({ balances });

// ---- back office ----------------------------------------------------------------------------------

const accountFields = {
  name: z.string().trim().min(1).max(100),
  overdraft: cents,
  has_overdraft: z.boolean(),
  home_play: z.boolean(),
  min_amount: cents,
  max_amount: cents,
  final_bonus_rate_bps: z.number().int().min(0).max(10000),
  /** The ceiling of one game event's amount; DEFAULT_MAX_EVENT_AMOUNT_CENTS when a new account omits it. */
  max_event_amount: cents.refine((value) => value > 0, 'must be above 0'),
};

export const createAccountRequest = z
  .strictObject({ ...accountFields, max_event_amount: accountFields.max_event_amount.optional(), currency })
  .refine((a) => a.min_amount <= a.max_amount, {
    message: 'min_amount must not exceed max_amount',
    path: ['min_amount'],
  });
export type CreateAccountRequest = z.infer<typeof createAccountRequest>;

const alertSetting = (max: number) => z.number().int().min(1).max(max).nullable().optional();

export const updateAccountRequest = z.strictObject({
  name: accountFields.name.optional(),
  overdraft: accountFields.overdraft.optional(),
  has_overdraft: z.boolean().optional(),
  home_play: z.boolean().optional(),
  is_hard_block_home_play: z.boolean().optional(),
  is_light_block_home_play: z.boolean().optional(),
  min_amount: accountFields.min_amount.optional(),
  max_amount: accountFields.max_amount.optional(),
  final_bonus_rate_bps: accountFields.final_bonus_rate_bps.optional(),
  max_event_amount: accountFields.max_event_amount.optional(),
  shifts: z.boolean().optional(),
  /** Four eyes: a cashier's withdraw or cash-out above it (cents) waits for a manager; null or 0: off. */
  approval_above: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable().optional(),
  /** Four eyes: a seat's payouts in this many minutes count together against `approval_above`. */
  approval_window_minutes: z.number().int().min(1).max(MAX_APPROVAL_WINDOW_MINUTES).optional(),
  /** The daily report (docs/product.md section 15): the venue's IANA time zone and its gaming day's first hour. */
  time_zone: timeZone.optional(),
  day_starts_at: dayStartsAt.optional(),
  /** The floor's alerts (docs/product.md section 16): the float below it (cents); null: off. */
  alert_float_below: alertSetting(Number.MAX_SAFE_INTEGER),
  /** A ready device with no report for more than this many minutes; null: off. */
  alert_device_silent_minutes: alertSetting(MAX_ALERT_SILENT_MINUTES),
  /** A closed shift whose |difference| is above it (cents); null: off. */
  alert_shift_difference: alertSetting(Number.MAX_SAFE_INTEGER),
  /** Withdrawals and cash-outs of the last hour above it (cents); null: off. */
  alert_withdrawals_hour: alertSetting(Number.MAX_SAFE_INTEGER),
  /** Players (docs/product.md section 18): the default daily deposit limit (cents); null: none. */
  player_daily_limit: cents.nullable().optional(),
  /** Hours before a player's raised limit takes effect (a lower one does at once). */
  limit_cooling_off_hours: z.number().int().min(0).max(720).optional(),
  /** The cash report: a player's transaction above it is logged (cents); null: off. */
  cash_log_above: cents.nullable().optional(),
  /** The cash report: a player whose day's cash in or out passes it is reported (cents); null: off. */
  cash_report_above: cents.nullable().optional(),
});
export type UpdateAccountRequest = z.infer<typeof updateAccountRequest>;

export const account = z.object({
  id: z.number(),
  name: z.string(),
  currency: z.string(),
  balance: z.number(),
  overdraft: z.number(),
  has_overdraft: z.boolean(),
  home_play: z.boolean(),
  is_hard_block_home_play: z.boolean(),
  is_light_block_home_play: z.boolean(),
  min_amount: z.number(),
  max_amount: z.number(),
  final_bonus_rate_bps: z.number(),
  max_event_amount: z.number(),
  shifts: z.boolean(),
  /** Four eyes (docs/product.md section 12): null when off. */
  approval_above: z.number().nullable().optional(),
  approval_window_minutes: z.number(),
  /** The daily report (section 15): IANA time zone, and the hour (0-23) there its gaming day starts. */
  time_zone: z.string(),
  day_starts_at: z.number(),
  /** The floor's alert settings (docs/product.md section 16): cents, minutes for silence; null when off. */
  alert_float_below: z.number().nullable().optional(),
  alert_device_silent_minutes: z.number().nullable().optional(),
  alert_shift_difference: z.number().nullable().optional(),
  alert_withdrawals_hour: z.number().nullable().optional(),
  /** Players (docs/product.md section 18): cents and hours; null when off. */
  player_daily_limit: z.number().nullable().optional(),
  limit_cooling_off_hours: z.number().optional(),
  cash_log_above: z.number().nullable().optional(),
  cash_report_above: z.number().nullable().optional(),
  created_at: z.string(),
});
export type Account = z.infer<typeof account>;

export const reason = z.string().trim().min(1, 'a reason is required').max(500);
export const floatMoveRequest = z.strictObject({ delta: amountCents, trx, reason });
export type FloatMoveRequest = z.infer<typeof floatMoveRequest>;
export const floatMoveResult = z.object({ trx: z.string(), delta: z.number(), balance: z.number() });
export type FloatMoveResult = z.infer<typeof floatMoveResult>;

/** A manager's correction of a cash operation (docs/product.md section 13): never an edit. */
export const correctionRequest = z.strictObject({
  trx,
  /** The operation's id, when its trx alone names several (each trx is scoped to its caller). */
  operation_id: positiveId.optional(),
  correction_trx: trx,
  reason,
});
export type CorrectionRequest = z.infer<typeof correctionRequest>;
export const correctionResult = z.object({
  trx: z.string(),
  /** The trx of the operation it reverses. */
  corrects: z.string(),
  reason: z.string(),
  delta: z.number(),
  balances,
  float_balance: z.number(),
  device_id: z.number(),
  place: z.number(),
  created_at: z.string(),
});
export type CorrectionResult = z.infer<typeof correctionResult>;

const newPassword = z
  .string()
  .min(NEW_PASSWORD_MIN_LENGTH, `password must have at least ${NEW_PASSWORD_MIN_LENGTH} characters`)
  .max(CHANGE_PASSWORD_MAX_LENGTH, 'password is too long');

export const createUserRequest = z.strictObject({
  login: z
    .string()
    .transform(normaliseLogin)
    .pipe(
      z
        .string()
        .min(LOGIN_LENGTH.min)
        .max(LOGIN_LENGTH.max)
        .regex(LOGIN_CHARACTERS, 'no spaces, control or invisible characters'),
    ),
  name: z.string().trim().min(1).max(100),
  role,
  account_id: positiveId.nullable(),
  password: newPassword,
  restrictions: z.array(restriction).max(RESTRICTIONS.length),
});
export type CreateUserRequest = z.infer<typeof createUserRequest>;
export const updateUserRequest = z.strictObject({
  name: z.string().trim().min(1).max(100).optional(),
  account_id: positiveId.nullable().optional(),
  blocked: z.boolean().optional(),
});
export const setPasswordRequest = z.strictObject({ password: newPassword });
export const setRestrictionsRequest = z.strictObject({
  restrictions: z.array(restriction).max(RESTRICTIONS.length),
});

export const pageQuery = z.strictObject({
  from: reportTime.optional(),
  to: reportTime.optional(),
  limit: z
    .string()
    .regex(/^\d{1,4}$/)
    .transform(Number)
    .pipe(z.number().int().min(1).max(1000))
    .optional(),
  before: z
    .string()
    .regex(/^\d{1,15}$/)
    .transform(Number)
    .optional(),
});
