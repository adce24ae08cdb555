// A cash operation whose answer is not known yet, and which answers end it (docs/web-app.md, "Unconfirmed
// cash operations"). Pure types and functions: the storage, the slice and the resend build on them.
import type { ApiFailure } from '../../../api/api-error';
import type { CashKind } from '../rules';

/**
 * Why the last attempt left the operation open. 'interrupted': the page that sent it was reloaded or
 * closed before the answer came (or another tab of this terminal is sending it right now). 'throttled':
 * a resend was answered 429 (the PIN tries of the cashier, venue or address held). 'approval': answered
 * 202, held for a manager's approval (four eyes, docs/product.md section 12); it is asked again until
 * decided, and its receipt prints only once it is applied.
 */
export type UnconfirmedProblem =
  'network' | 'timeout' | 'server' | 'session' | 'locked' | 'throttled' | 'interrupted' | 'approval';

/** Everything needed to send the very same request again and to tell the cashier what it was. */
export interface UnconfirmedOperation {
  /** The idempotency key: every attempt sends it, so the server moves the money at most once. */
  trx: string;
  /** The signed-in cashier who sent it: the server's idempotency scope is the user, so only they can resend it. */
  cashierId: number | null;
  /** Their name as the receipt prints it. */
  cashierName: string;
  deviceId: number;
  deviceName: string;
  /** For the receipt of a remote device. */
  deviceUuid: string;
  place: number;
  kind: CashKind;
  /** Signed cents, as sent. */
  delta: number;
  /**
   * Sent with `cash_out: true`: the server takes the place's whole balance when it books the call (a bet
   * may have come since the modal read `delta`), and the answer's delta says how much (docs/api.md).
   * Absent on records stored before the flag existed: their resends go out without it, as first sent.
   */
  cashOut?: boolean;
  currency: string | null;
  /**
   * The player the call is for (contract "Players": `player_id`), the one the till served when it was
   * asked; absent: it names none. A resend carries it too: without it, it would be another request.
   */
  playerId?: number;
  /** Remote (home-play) calls: the PIN they were sent with, needed to send them again; null = regular. */
  remotePin: string | null;
  /** The cashier chose a printed receipt: it prints when the success is known, whenever that is. */
  print: boolean;
  /** When the cashier asked for it (ms since the epoch). */
  createdAt: number;
  /** Attempts sent so far (the first send included). */
  attempts: number;
  lastAttemptAt: number | null;
  /** The page that sent the last attempt (`tab/page`, unconfirmed-storage.ts): another page waits for it. */
  sentBy: string;
  /** Null until an attempt ended without a definitive answer. */
  problem: UnconfirmedProblem | null;
  /** Held for a manager (problem 'approval'): the request's id, which the cashier may retract it by. */
  approvalId?: string;
}

/** What the cash modal knows when the cashier confirms an operation; the rest starts empty. */
export type NewOperation = Omit<
  UnconfirmedOperation,
  'createdAt' | 'attempts' | 'lastAttemptAt' | 'sentBy' | 'problem'
>;

export function newOperation(fields: NewOperation, now: number = Date.now()): UnconfirmedOperation {
  return { ...fields, createdAt: now, attempts: 0, lastAttemptAt: null, sentBy: '', problem: null };
}

/**
 * What an answer means for the operation:
 * - 'definitive': the server decided (2xx, or a refusal: 4xx) and it is over;
 * - 'unknown': no answer, a timeout, a proxy's 502/503/504 or a 500 after the base API's retries: the
 *   server may or may not have moved the money, so the same trx is sent again. So is a 429 on a resend:
 *   the server answers a trx it has already decided before its PIN throttle, but an earlier attempt may
 *   still be running there (or the server is older), so the 429 says nothing about it; on a first
 *   attempt the 429 is a refusal like any other, nothing moved;
 * - 'held': a 401 (session ended) or 423 (till locked) on a resend. The guard answered before the ledger,
 *   so this attempt moved nothing, but it says nothing about the earlier attempt whose answer was lost:
 *   the operation waits for the cashier to be back (the resend runs inside the signed-in, unlocked frame).
 *   On a first attempt the same 401/423 is definitive: nothing was sent before it, nothing moved.
 */
export type AnswerKind = 'definitive' | 'unknown' | 'held';

const UNKNOWN_STATUSES: ReadonlySet<number> = new Set([500, 502, 503, 504]);

export function answerKind(failure: ApiFailure, sentBefore: boolean): AnswerKind {
  const { status } = failure;
  if (status === 'network' || UNKNOWN_STATUSES.has(status)) return 'unknown';
  if (status === 429) return sentBefore ? 'unknown' : 'definitive';
  if (status === 401 || status === 423) return sentBefore ? 'held' : 'definitive';
  return 'definitive';
}

/** The problem an undecided answer leaves the operation with. */
export function problemOf(failure: ApiFailure): UnconfirmedProblem {
  if (failure.err === 'timeout') return 'timeout';
  if (failure.status === 'network') return 'network';
  if (failure.status === 401) return 'session';
  if (failure.status === 423) return 'locked';
  if (failure.status === 429) return 'throttled';
  return 'server';
}

/** The cents the operation moves, as the cashier reads them (a withdraw of 20.00, not of -20.00). */
export function amountOf(operation: Pick<UnconfirmedOperation, 'delta'>): number {
  return Math.abs(operation.delta);
}
