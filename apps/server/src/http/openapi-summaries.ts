// One line per operation of the OpenAPI document (http/openapi.ts adds it as the operation's summary, as it
// adds the tag and security by path): what a reader of /api/docs sees before opening a call. Keyed by the
// method and the route's full path as Fastify declares it; test/http/openapi.test.ts fails on a route
// without a line here and on a line no route has. docs/api.md says more of each call.
import { API_BASE } from '@cashdesk/contract';
import { DEMO_DEFAULTS } from '../config.js';

const a = `${API_BASE}/a`;

export const OPERATION_SUMMARIES: Readonly<Record<string, string>> = {
  // public
  'GET /healthz': 'Liveness: the process answers',
  'GET /readyz': 'Readiness: the database answers',
  'GET /metrics': 'Prometheus metrics (loopback, or the configured bearer token)',
  [`GET ${API_BASE}/openapi.json`]: 'This document',
  [`GET ${API_BASE}/cashier_v`]: "The server build's hash",
  [`GET ${API_BASE}/time`]: "The server's clock",
  [`GET ${API_BASE}/maintenance`]: "The operator's maintenance message (404 when there is none)",
  [`GET ${API_BASE}/client_config`]: 'The client download and the support contact the operator configured',
  [`GET ${DEMO_DEFAULTS.clientDownloadUrl}`]: 'The demo home-play client (demo mode only)',

  // session
  [`POST ${API_BASE}/sign_in`]: 'Sign in; sets the session cookie (rate-limited)',
  [`GET ${a}/me`]: 'The signed-in user',
  [`GET ${a}/sign_out`]: 'Sign out as the product spec names it; the same as the POST',
  [`POST ${a}/sign_out`]: 'Sign out; ends the session and clears the cookie',
  [`POST ${a}/change_password`]: "Change one's own password; the user's other sessions end",
  [`GET ${a}/lock`]: "Whether this session's till is locked",
  [`POST ${a}/lock`]: 'Lock the till: every other call of this session answers 423 until it is unlocked',
  [`POST ${a}/unlock`]: "Unlock the till with the user's own password",

  // cashier
  [`GET ${a}/cashier/account_balance`]: "The venue's float, as the cashier's restrictions let them see it",
  [`GET ${a}/cashier/events`]: "Live updates: a Server-Sent Events stream of the venue's changes",
  [`GET ${a}/cashier/devices`]: "The venue's cabinets, oldest first",
  [`GET ${a}/cashier/devices/:id`]: 'A cabinet with its places and balances',
  [`POST ${a}/cashier/devices/register`]: 'Link a cabinet to the venue by the PIN it shows',
  [`POST ${a}/cashier/devices/:id`]: 'Rename or hide a cabinet (restriction can_edit_device)',
  [`POST ${a}/cashier/devices/:id/place/:place/update`]:
    "Deposit (delta > 0), withdraw (delta < 0) or cash out (delta 0) on a cabinet's place; idempotent by trx",
  [`POST ${a}/cashier/devices/remote/register`]: "Link a player's phone (home play) by the PIN it shows",
  [`GET ${a}/cashier/devices/remote/:id`]: "A home-play phone with its places, behind the phone's PIN",
  [`POST ${a}/cashier/devices/remote/:id/place/:place/update`]:
    "Deposit, withdraw or cash out on a home-play phone's place, with the phone's PIN; idempotent by trx",
  [`GET ${a}/cashier/daily_totals`]:
    "The venue's deposits and withdraws of the last 24 hours, on every device (home-play phones too)",
  [`POST ${a}/cashier/report`]: "The cashier's operations on some devices over a period, newest first",
  [`POST ${a}/cashier/limit_report`]: 'The last operations on one place by every cashier, newest first',
  [`POST ${a}/cashier/game_report`]: "A home-play phone's game events, newest first, with the phone's PIN",
  [`POST ${a}/cashier/shift/open`]:
    'Open a cash-drawer shift with the counted opening cash; idempotent by trx',
  [`GET ${a}/cashier/shift`]: "The cashier's open shift, without the expected cash (a blind count)",
  [`POST ${a}/cashier/shift/close`]: 'Close the shift with the counted cash: its Z-report; idempotent by trx',
  [`POST ${a}/cashier/shift/:shift_id/drop`]:
    "Record cash taken from the drawer to the safe in the cashier's open shift; idempotent by trx",
  [`POST ${a}/cashier/shift/:shift_id/paid_in`]:
    "Record cash put into the drawer, with a reason, in the cashier's open shift; idempotent by trx",
  [`POST ${a}/cashier/shift/:shift_id/paid_out`]:
    "Record cash paid out of the drawer, with a reason, in the cashier's open shift; idempotent by trx",
  [`GET ${a}/cashier/shift/:shift_id/x_report`]:
    "The X-report: the cashier's open shift so far, without the expected cash (the close stays blind)",
  [`POST ${a}/cashier/receipt/reprint`]: "A copy of the cashier's last receipt (audited)",
  [`POST ${a}/cashier/approvals/:approval_id/withdraw`]:
    "Withdraw the cashier's own withdraw or cash-out waiting for a manager's approval (four eyes)",
  [`POST ${a}/cashier/players`]:
    "Register a card of the cashier's venue, with the identity the till has; idempotent by trx",
  [`GET ${a}/cashier/players/by_card/:card`]:
    "The venue's player of a card: today's cash in and out, what is left of the daily limit, the seats holding their money",
  [`POST ${a}/cashier/players/:id`]: "Record, change or clear (null) a player's identity fields",
  [`POST ${a}/cashier/players/:id/limit`]:
    "Set a player's daily deposit limit: a lower one at once, a higher one after the venue's cooling-off",
  [`POST ${a}/cashier/players/:id/transfer`]:
    "Move a player's money from one seat of the venue to another (no cash, no float); idempotent by trx",

  // back office
  [`GET ${a}/admin/accounts`]: 'Every account (venue)',
  [`POST ${a}/admin/account`]: 'Create an account (venue) with an empty float',
  [`GET ${a}/admin/users`]: 'Every user',
  [`POST ${a}/admin/user`]: 'Create a user of any role',
  [`POST ${a}/admin/user/:id`]: 'Rename, move or block a user',
  [`POST ${a}/admin/user/:id/set_password`]: "Set a user's password; their sessions end",
  [`POST ${a}/admin/user/:id/set_restrictions`]: "Replace a user's restrictions",
  [`GET ${a}/admin/audit`]: 'The audit trail of every back-office change, newest first',
  [`GET ${a}/admin/verify`]: 'Check the whole ledger against the balances',
  [`GET ${a}/manager/account/:id`]: "An account's settings and float",
  [`POST ${a}/manager/account/:id`]: "Change an account's settings",
  [`GET ${a}/manager/account/:id/approvals`]:
    "The venue's withdraws and cash-outs held for a manager's approval, by status, newest first",
  [`POST ${a}/manager/account/:id/approvals/:approval_id`]:
    "Approve (applied through the ledger with the cashier's trx) or decline a held-back call, with the manager's password",
  [`GET ${a}/manager/account/:id/players`]:
    "The venue's players whose card, name or document number holds q, newest first",
  [`POST ${a}/manager/account/:id/players/:player_id`]:
    "Record or correct a venue's player's identity, as the till does (audited)",
  [`POST ${a}/manager/account/:id/players/:player_id/limit`]:
    "Set a venue's player's daily deposit limit: lower at once, higher after the cooling-off",
  [`POST ${a}/manager/account/:id/players/:player_id/exclusion`]:
    'Exclude a player of the venue to a last gaming day or indefinitely, or lift the exclusion',
  [`POST ${a}/manager/account/:id/corrections`]:
    'Reverse one cash operation of the venue by a new operation linked to it (never an edit); idempotent by correction_trx',
  [`POST ${a}/manager/account/:id/move`]:
    "Top up (delta > 0) or withdraw (delta < 0) an account's float; idempotent by trx",
  [`GET ${a}/manager/account/:id/transactions`]: "The account's ledger, newest first, filtered and paged",
  [`GET ${a}/manager/account/:id/transactions.csv`]:
    "The account's ledger as a CSV file, with the same filters",
  [`GET ${a}/manager/account/:id/ledger_head`]:
    "The head of the account's hash-chained ledger: its entries and the last one's SHA-256",
  [`GET ${a}/manager/account/:id/devices`]: "The account's devices, hidden and home-play ones too",
  [`POST ${a}/manager/account/:id/devices/:deviceId`]: 'Rename or hide a device',
  [`POST ${a}/manager/account/:id/devices/:deviceId/unlink`]: 'Unlink a device from the account',
  [`GET ${a}/manager/account/:id/users`]: "The account's users",
  [`POST ${a}/manager/account/:id/user`]: 'Create a cashier of the account',
  [`POST ${a}/manager/account/:id/user/:userId`]: "Rename or block one of the account's cashiers",
  [`POST ${a}/manager/account/:id/user/:userId/set_password`]: "Set a cashier's password; their sessions end",
  [`POST ${a}/manager/account/:id/user/:userId/set_restrictions`]: "Replace a cashier's restrictions",
  [`GET ${a}/manager/account/:id/shift_report`]:
    'Deposit and withdraw totals of each cashier of the account over a period',
  [`GET ${a}/manager/account/:id/daily_report`]:
    "The daily report of one gaming day (the venue's time_zone and day_starts_at): per device and in total",
  [`GET ${a}/manager/account/:id/cash_report`]:
    "The cash report of one gaming day: players' cash transactions above the log threshold, players above the report threshold",
  [`GET ${a}/manager/account/:id/shifts`]: "The account's cash-drawer shifts, newest first",
  [`GET ${a}/manager/account/:id/shifts/:shift_id`]: 'The Z-report of a closed shift',
  [`GET ${a}/manager/account/:id/overview`]:
    "The venue at a glance: float, today's cash by hour, devices, open shifts, open alerts",
  [`GET ${a}/manager/account/:id/alerts`]: "The venue's open alerts",
  [`POST ${a}/manager/account/:id/alerts/:alert_id/ack`]: 'Record who acknowledged an open alert',
  [`GET ${a}/manager/account/:id/events`]:
    "Live updates for the overview: a Server-Sent Events stream of the venue's changes",
  [`GET ${a}/manager/account/:id/verify`]: "Check the account's ledger against its balances",
  [`GET ${a}/manager/account/:id/audit`]:
    "The audit trail of the account's back-office changes, newest first",

  // device gateway
  'POST /device/enroll': 'Enroll a gaming device: its token (only while enrollment is open)',
  'POST /device/pin': 'Show a new PIN to link the device (5 digits on a cabinet, 6 on a phone)',
  'GET /device/state': "The device's link and its places' balances",
  'POST /device/events': 'Report a game event (bet, win, jackpot...); idempotent by trx',
  'GET /device/events/stream':
    "The device's state pushed as Server-Sent Events: at once on a link, an unlink or a cashier's cash call",
};
