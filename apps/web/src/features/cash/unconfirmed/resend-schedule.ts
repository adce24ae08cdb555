// When an unconfirmed cash operation is sent again on its own: soon after a lost answer, then less and
// less often, never giving up (a server back after an hour still settles it); a payout held for a manager
// at the pace of the screens' polls. Pure, so every case is unit-tested apart from the timers.
import { CASH_CALL_TIMEOUT_MS, POLL_INTERVAL_MS, POLL_WITH_PUSH_MS } from '@cashdesk/contract';
import type { UnconfirmedOperation } from './unconfirmed-operation';

/** The wait after the n-th attempt (1-based); the last one repeats. */
export const RESEND_DELAYS_MS: readonly number[] = [2_000, 5_000, 10_000, 20_000, 30_000, 60_000];

/**
 * Another tab's attempt may still be waiting for its answer for up to the call timeout (and the base
 * API's retries on 500): this tab leaves it that long, plus this margin, before sending it itself.
 */
export const OTHER_TAB_MARGIN_MS = 5_000;

/**
 * A payout held for a manager (four eyes) is asked again like a polled screen: every 5 s, or every 15 s
 * while the live-updates stream is open, since a decision is then pushed at once (`approvals: true` naming
 * its device, use-unconfirmed-resend.ts). A manager decides within the 10 minutes of its expiry, so it does
 * not back off further.
 */
export function approvalResendMs(pushed: boolean): number {
  return pushed ? POLL_WITH_PUSH_MS : POLL_INTERVAL_MS;
}

export function resendDelayMs(attempts: number): number {
  const index = Math.min(Math.max(attempts, 1), RESEND_DELAYS_MS.length) - 1;
  return RESEND_DELAYS_MS[index] ?? RESEND_DELAYS_MS[RESEND_DELAYS_MS.length - 1]!;
}

/**
 * The moment (ms) this page should send the operation again.
 * - Never sent: now.
 * - Sent by this page: the backoff after its last attempt (also for a 401/423 here: once the cashier is
 *   back, after a sign-in or an unlock, that moment is long past); held for a manager, the poll period
 *   after it (approvalResendMs), `pushed` while the live-updates stream is open.
 * - Sent by an earlier load of this tab (a reload): now, that attempt died with the page.
 * - Sent by another tab and held there by a 401/423: now, that attempt is over.
 * - Sent by another tab otherwise: once that attempt must be over, then the backoff.
 */
export function resendDueAt(
  operation: Pick<UnconfirmedOperation, 'attempts' | 'lastAttemptAt' | 'sentBy' | 'problem'>,
  here: { tab: string; page: string },
  pushed = false,
): number {
  const { lastAttemptAt, attempts, sentBy, problem } = operation;
  if (lastAttemptAt === null) return 0;
  const [tab, page] = sentBy.split('/');
  const wait = problem === 'approval' ? approvalResendMs(pushed) : resendDelayMs(attempts);
  const backoff = lastAttemptAt + wait;
  if (tab === here.tab && page === here.page) return backoff;
  if (tab === here.tab || problem === 'session' || problem === 'locked') return 0;
  return Math.max(backoff, lastAttemptAt + CASH_CALL_TIMEOUT_MS + OTHER_TAB_MARGIN_MS);
}
