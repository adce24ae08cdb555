// Unconfirmed cash operations in localStorage, one list per cashier (the server's idempotency scope is
// the user), so they survive a reload, a crash of the tab or a sign-out, and resume at that cashier's
// next sign-in on this terminal. Each change is a read-modify-write of one entry: clearing the screen's
// state (a sign-out) can never erase a stored operation.
import type { CashKind } from '../rules';
import type { UnconfirmedOperation, UnconfirmedProblem } from './unconfirmed-operation';

/**
 * An operation as localStorage holds it: the kind under its stored name, `operation`, so the records a
 * till kept before the kind had its own name (docs/architecture.md, "Words") still resume.
 */
type StoredOperation = Omit<UnconfirmedOperation, 'kind'> & { operation: CashKind };

const toStored = ({ kind, ...rest }: UnconfirmedOperation): StoredOperation => ({ ...rest, operation: kind });
const fromStored = ({ operation, ...rest }: StoredOperation): UnconfirmedOperation => ({
  ...rest,
  kind: operation,
});

const KEY_PREFIX = 'cash.unconfirmed.';
const TAB_KEY = 'cash.tabId';

export function storageKey(cashierId: number): string {
  return `${KEY_PREFIX}${cashierId}`;
}

const randomId = () => crypto.randomUUID().slice(0, 8);

/**
 * This tab, kept across its reloads (sessionStorage is per tab), and this page load. An attempt is
 * marked with both: after a reload of the same tab its attempt died with the page and is resent at
 * once, while another tab's attempt may still be running and is given time to end. Read on first use,
 * not when the module is evaluated: the first read of sessionStorage costs a few ms in the app's module
 * evaluation, the start's longest task (BENCHMARKS.md, "Web first load").
 */
let ids: { tab: string; page: string } | undefined;
const thisLoad = () => (ids ??= { tab: readTabId(), page: randomId() });

function readTabId(): string {
  try {
    const stored = window.sessionStorage.getItem(TAB_KEY);
    if (stored) return stored;
    const id = randomId();
    window.sessionStorage.setItem(TAB_KEY, id);
    return id;
  } catch {
    return randomId();
  }
}

export function senderId(): string {
  const { tab, page } = thisLoad();
  return `${tab}/${page}`;
}

export function thisTab(): { tab: string; page: string } {
  const { tab, page } = thisLoad();
  return { tab, page };
}

export function readOperations(cashierId: number): UnconfirmedOperation[] {
  let text: string | null;
  try {
    text = window.localStorage.getItem(storageKey(cashierId));
  } catch {
    return [];
  }
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value)
      ? value
          .filter(isStoredOperation)
          .map(fromStored)
          .filter((op) => op.cashierId === cashierId)
      : [];
  } catch {
    return [];
  }
}

function writeOperations(cashierId: number, operations: UnconfirmedOperation[]): void {
  try {
    if (operations.length === 0) window.localStorage.removeItem(storageKey(cashierId));
    else window.localStorage.setItem(storageKey(cashierId), JSON.stringify(operations.map(toStored)));
  } catch {
    // Storage blocked or full: the operation lives in this page only (still resent while it is open).
  }
}

/** Adds the operation, or replaces the stored one with its trx. */
export function saveOperation(operation: UnconfirmedOperation): void {
  if (operation.cashierId === null) return;
  const others = readOperations(operation.cashierId).filter((op) => op.trx !== operation.trx);
  writeOperations(operation.cashierId, [...others, operation]);
}

export function removeOperation(cashierId: number | null, trx: string): void {
  if (cashierId === null) return;
  const stored = readOperations(cashierId);
  if (stored.some((op) => op.trx === trx)) {
    writeOperations(
      cashierId,
      stored.filter((op) => op.trx !== trx),
    );
  }
}

const PROBLEMS: ReadonlySet<string> = new Set<UnconfirmedProblem>([
  'network',
  'timeout',
  'server',
  'session',
  'locked',
  'throttled',
  'interrupted',
  'approval',
]);
const CASH_KINDS: ReadonlySet<string> = new Set(['deposit', 'withdraw', 'cashOut']);

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const isString = (v: unknown): v is string => typeof v === 'string';

/** Checked by hand (no zod in the web bundle): a damaged entry is dropped, never sent. */
function isStoredOperation(value: unknown): value is StoredOperation {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    isString(v.trx) &&
    v.trx.length > 0 &&
    (v.cashierId === null || isInt(v.cashierId)) &&
    isString(v.cashierName) &&
    isInt(v.deviceId) &&
    isString(v.deviceName) &&
    isString(v.deviceUuid) &&
    isInt(v.place) &&
    isString(v.operation) &&
    CASH_KINDS.has(v.operation) &&
    isInt(v.delta) &&
    v.delta !== 0 &&
    (v.cashOut === undefined || typeof v.cashOut === 'boolean') &&
    (v.currency === null || isString(v.currency)) &&
    (v.playerId === undefined || (isInt(v.playerId) && v.playerId > 0)) &&
    (v.remotePin === null || isString(v.remotePin)) &&
    typeof v.print === 'boolean' &&
    isInt(v.createdAt) &&
    isInt(v.attempts) &&
    (v.lastAttemptAt === null || isInt(v.lastAttemptAt)) &&
    isString(v.sentBy) &&
    (v.problem === null || (isString(v.problem) && PROBLEMS.has(v.problem))) &&
    (v.approvalId === undefined || isString(v.approvalId))
  );
}
