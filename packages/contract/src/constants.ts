// Business constants of docs/product.md section 9 and docs/api.md.

export const API_BASE = '/api/v1';

export const LOGIN_LENGTH = { min: 3, max: 64 } as const;
export const PASSWORD_LENGTH = { min: 4, max: 64 } as const;
/** New passwords set through change-password or the back office (issue: at least 8). */
export const NEW_PASSWORD_MIN_LENGTH = 8;
export const CHANGE_PASSWORD_MAX_LENGTH = 64;

export const AMOUNT_MAX_LENGTH = 8;
export const QUICK_AMOUNTS = [100, 50, 20, 10] as const;
export const WITHDRAW_TOGGLE_MIN_BALANCE_UNITS = 10;

export const PIN_LENGTH = { cabinet: 5, remote: 6, cashManageRemote: 5 } as const;

export const PLACE_HISTORY_FETCH = 20;
export const PLACE_HISTORY_SHOWN = 16;
export const LIMIT_REPORT_MAX = 100;

export const POLL_INTERVAL_MS = 5000;
/**
 * While the live-updates stream is open, changes arrive pushed and polls only catch what push cannot
 * see (the 24-hour window sliding, a change made by another process on the embedded database): every
 * 15 s (docs/product.md section 9).
 */
export const POLL_WITH_PUSH_MS = 15000;
/** The live-updates stream sends at most one change message per this many ms (bursts are merged). */
export const LIVE_COALESCE_MS = 1000;
/**
 * The live-updates stream's heartbeat. The session is checked again at each, so a sign-out, an expiry or
 * a lock elsewhere ends the stream (and the terminal finds out) no later than a 5 s poll would.
 */
export const LIVE_HEARTBEAT_MS = POLL_INTERVAL_MS;
export const MAINTENANCE_RELOAD_MS = 30000;
/** The operator's maintenance message (docs/web-app.md). */
export const MAINTENANCE_MESSAGE_MAX_LENGTH = 2000;
/** docs/product.md section 9: the support widget's init is retried every 100 ms for up to 10 s. */
export const SUPPORT_WIDGET_RETRY_MS = 100;
export const SUPPORT_WIDGET_TIMEOUT_MS = 10000;
export const INACTIVITY_RESET_MS = 180000;
export const RETRIES_ON_500 = 2;
/**
 * How long the web waits for the answer to one cash call (deposit, withdraw, cash-out) before it gives
 * up on that attempt: the operation is then kept as unconfirmed and sent again with the same trx
 * (docs/web-app.md), and the cashier sees the 'timeout' text of docs/product.md section 8. The server answers a cash call in
 * milliseconds; 15 s is a connection that is gone, not a slow one.
 */
export const CASH_CALL_TIMEOUT_MS = 15_000;
export const UNUSED_DATA_KEPT_S = 60;
export const TOAST_AUTO_CLOSE_MS = 1500;
export const DOUBLE_CLICK_GUARD_MS = 300;
export const UNDER_AGE_COUNTDOWN_S = 5;
export const BLOCK_MODAL_COUNTDOWN_S = 5;
export const ADULT_AGE = 18;
export const SUMMARY_WINDOW_MS = 24 * 60 * 60 * 1000;
export const EARLIEST_HISTORY_DATE = '2024-12-18';
/** One report call (history page, statistics) answers at most this many rows, the newest. */
export const REPORT_MAX_ROWS = 10_000;
/**
 * A venue's ceiling on one game event's amount (bet, win, jackpot), 1,000,000.00 unless the back office
 * sets another: a broken or hostile cabinet cannot book an absurd win into the ledger.
 */
export const DEFAULT_MAX_EVENT_AMOUNT_CENTS = 1_000_000_00;

export const BREAKPOINTS = { desktopMin: 1351, tabletMin: 768, mobileMax: 767 } as const;

export const LANGUAGES = ['en', 'es', 'pt'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The 25 whole-hour GMT offsets, "-12:00" ... "+12:00". */
export const GMT_OFFSETS: readonly string[] = Array.from({ length: 25 }, (_, i) => {
  const hours = i - 12;
  const sign = hours < 0 ? '-' : '+';
  return `${sign}${Math.abs(hours).toString().padStart(2, '0')}:00`;
});

export const REMEMBER_ME_DAYS = 30;

/**
 * The floor's silence alert at most (docs/product.md section 16): a week; a device silent longer than that is
 * better hidden or unlinked. Here, not beside the schema, so the back office's form reads it without zod.
 */
export const MAX_ALERT_SILENT_MINUTES = 7 * 24 * 60;

/** Four eyes: the default window over which a seat's payouts count together (minutes), and its ceiling. */
export const DEFAULT_APPROVAL_WINDOW_MINUTES = 60;
export const MAX_APPROVAL_WINDOW_MINUTES = 24 * 60;
