// The outcomes of payouts that waited for a manager, in localStorage beside the cashier's unconfirmed
// operations (unconfirmed-storage.ts): one list per cashier, kept until the cashier dismisses each one,
// so a reload, a sign-out or another tab of the terminal still says whether to hand over the cash.
import type { CashKind } from '../rules';
import type { HeldOutcome, HeldOutcomeKind } from './held-outcome';

/** An outcome as localStorage holds it: the operation's kind under its stored name, `operation`. */
type StoredOutcome = Omit<HeldOutcome, 'cashKind'> & { operation: CashKind };

const toStored = ({ cashKind, ...rest }: HeldOutcome): StoredOutcome => ({ ...rest, operation: cashKind });
const fromStored = ({ operation, ...rest }: StoredOutcome): HeldOutcome => ({ ...rest, cashKind: operation });

const KEY_PREFIX = 'cash.heldOutcomes.';
/** Kept at most: the oldest goes first past this many (a cashier dismisses them as they are read). */
export const HELD_OUTCOMES_KEPT = 50;

export function outcomesKey(cashierId: number): string {
  return `${KEY_PREFIX}${cashierId}`;
}

export function readOutcomes(cashierId: number): HeldOutcome[] {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(outcomesKey(cashierId)) ?? '[]');
    return Array.isArray(value)
      ? value
          .filter(isStoredOutcome)
          .map(fromStored)
          .filter((outcome) => outcome.cashierId === cashierId)
      : [];
  } catch {
    return [];
  }
}

function writeOutcomes(cashierId: number, outcomes: readonly HeldOutcome[]): void {
  try {
    if (outcomes.length === 0) window.localStorage.removeItem(outcomesKey(cashierId));
    else window.localStorage.setItem(outcomesKey(cashierId), JSON.stringify(outcomes.map(toStored)));
  } catch {
    // Storage blocked or full: the outcome lives in this page only.
  }
}

/** Adds the outcome (one per trx), dropping the oldest past HELD_OUTCOMES_KEPT. */
export function saveOutcome(outcome: HeldOutcome): void {
  const others = readOutcomes(outcome.cashierId).filter((o) => o.trx !== outcome.trx);
  writeOutcomes(outcome.cashierId, [...others, outcome].slice(-HELD_OUTCOMES_KEPT));
}

export function removeOutcome(cashierId: number, trx: string): void {
  writeOutcomes(
    cashierId,
    readOutcomes(cashierId).filter((o) => o.trx !== trx),
  );
}

const KINDS: ReadonlySet<string> = new Set<HeldOutcomeKind>([
  'paid',
  'declined',
  'expired',
  'withdrawn',
  'refused',
]);

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const isString = (v: unknown): v is string => typeof v === 'string';
const optional = (v: unknown, check: (v: unknown) => boolean) => v === undefined || check(v);

/** Checked by hand (no zod in the web bundle): a damaged entry is dropped, never shown half. */
function isStoredOutcome(value: unknown): value is StoredOutcome {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const refusal = v.refusal as Record<string, unknown> | undefined;
  return (
    isString(v.trx) &&
    isInt(v.cashierId) &&
    isString(v.kind) &&
    KINDS.has(v.kind) &&
    (v.operation === 'withdraw' || v.operation === 'cashOut' || v.operation === 'deposit') &&
    isInt(v.deviceId) &&
    isString(v.deviceName) &&
    isInt(v.place) &&
    isInt(v.amount) &&
    optional(v.paid, isInt) &&
    optional(v.left, isInt) &&
    (v.currency === null || isString(v.currency)) &&
    optional(v.reason, isString) &&
    optional(refusal, (r) => typeof r === 'object' && r !== null && isString(refusal?.key)) &&
    optional(refusal?.params, (p) => typeof p === 'object' && p !== null) &&
    isInt(v.at)
  );
}
