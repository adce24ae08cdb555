// One database transaction for a batch of cash calls and game events (the group commit of
// ledger/group-commit.ts), in explicit phases:
//   1. lock: every account, then every place the batch touches, each in sorted order (one global order
//      for every process: accounts by id, then places by (device_id, place)), one statement each;
//   2. shared reads: the earlier records of the batch's trx, the venue rules of the devices with events;
//   3. reads of related rows: the PINs of phones with remote calls, a place's latest game event for a
//      cancel, the open shifts of the batch's cashiers (locked for share, shifts/shift-of-operation.ts);
//   4. decide, in arrival order, in memory (ledger/money-rules.ts) on working copies of the locked rows,
//      so the second operation on a float or place sees the first's result and a refused operation
//      writes nothing;
//   5. write: the operations' records with their answers, the final balances, the ledger rows and the
//      game-event records, one multi-row statement each.
// Phases 1-3 depend on nothing read, so they go out together, and so do the writes (in two steps: the
// ledger rows need the records' ids), and the commit behind the last ones: on PostgreSQL, pipelined, a
// batch is three round trips (db/pipelined-transaction.ts). The server runs them in the order sent, so the
// locks keep their order.
// Each operation gets its own answer: a replay its stored answer, a changed payload 422 `trx conflict`,
// a refusal its own refusal (thrown ApiErrors reject only that operation and claim nothing).
import { ERR, TX_TYPE } from '@cashdesk/contract';
import type { Db, DialectName, Executor } from '../db/database.js';
import type { Pipeline } from '../db/pipelined-transaction.js';
import type { AccountRow, NewLedgerEntry, PlaceRow } from '../db/schema.js';
import { assertNotBlocked } from '../accounts/account-blocks.js';
import { assertRemotePin } from '../devices/remote-pin.js';
import { ApiError } from '../http/api-error.js';
import { readOpenShifts, shiftOfOperation } from '../shifts/shift-of-operation.js';
import { deviceChange, type Change } from '../live/change-feed.js';
import { replayOutcome, requestHash } from './idempotency.js';
import {
  devicePinsQuery,
  eventRulesQuery,
  insertDeviceEventsQuery,
  insertLedgerEntriesQuery,
  lastDeviceEventQuery,
  lockAccountsQuery,
  lockPlacesQuery,
  setFloatBalanceQuery,
  setPlacesBalancesQuery,
  type PlaceKey,
} from './ledger.repository.js';
import type { DeviceEventInput, PlaceCashInput } from './ledger.service.js';
import {
  cashKind,
  decideCash,
  decideEvent,
  type Decision,
  type DeviceEventRules,
  type PlannedMove,
} from './money-rules.js';
import { findOperationsQuery, insertOperationsQuery, type NewOperation } from './operations.repository.js';
import type { Outcome } from './outcome.js';

export type LedgerOp = { kind: 'cash'; input: PlaceCashInput } | { kind: 'event'; input: DeviceEventInput };

/** An operation's answer and the change to tell terminals after commit, or what it was refused with. */
export type OpResult = { ok: true; outcome: Outcome; change: Change } | { ok: false; error: unknown };

/** Another transaction claimed a trx of the batch between our read and our insert: run it again. */
export class ClaimRaced extends Error {
  // Stryker disable next-line BlockStatement: PostgreSQL only (two processes claiming one trx): ledger.concurrency.test.ts, 'answers one event trx sent for two places to two server processes', fails without it
  constructor() {
    // Stryker disable next-line StringLiteral: error text only
    super('a trx of the batch was claimed by another transaction meanwhile');
  }
}

export function scopeOf(op: LedgerOp): string {
  return op.kind === 'cash' ? `user:${op.input.user_id}` : `device:${op.input.device_id}`;
}

export function claimKeyOf(op: LedgerOp): string {
  return `${scopeOf(op)}\u0000${op.input.trx}`;
}

const CANCEL_TYPES: readonly number[] = [TX_TYPE.cancelPay, TX_TYPE.cancelledLuckyBet];

const placeKeyOf = (k: PlaceKey) => `${k.device_id}/${k.place}`;

/** The rows an operation's transaction locks (phase 1), named for the group commit's lanes. */
export function lockedRowsOf(op: LedgerOp): string[] {
  const place = `place:${placeKeyOf(op.input)}`;
  return op.kind === 'cash' ? [`account:${op.input.account_id}`, place] : [place];
}

interface Related {
  pins: Map<number, { pin: string | null; pin_expires_at_ms: number | null; pin_previous: string | null }>;
  lastEvents: Map<string, { type: number; amount_cents: number } | undefined>;
  /** The open shift of each cashier of the batch (none: no entry); it counts where the venue uses shifts. */
  openShifts: Map<number, number>;
}

/** What the write phase does for one decided operation. */
interface Claimed {
  record: NewOperation;
  move: PlannedMove | null;
  place: PlaceKey;
  /** The float a cash call moves; null for a game event. */
  float: number | null;
}

export async function runBatch(db: Db, now: number, ops: readonly LedgerOp[]): Promise<OpResult[]> {
  return db.pipelined(async (pipe) => {
    // 1-3. Lock and read, sent together.
    const { accounts, places, rules, earlier, related } = await readBatch(pipe, db.kysely, db.dialect, ops);

    // 4. Decide, in arrival order.
    const results: OpResult[] = [];
    const claimed: Claimed[] = [];
    ops.forEach((op) => {
      try {
        const decided = decide(op, now, { accounts, places, rules, earlier, related });
        if ('replay' in decided) {
          results.push({ ok: true, outcome: decided.replay, change: decided.change });
          return;
        }
        const { decision, record, change, place } = decided;
        if (decision.move) apply(decision.move, op, place, accounts, places, related);
        claimed.push({
          // The answer goes in with the claim: one statement instead of an insert and an update.
          record: {
            ...record,
            status_code: decision.outcome.status,
            response_json: JSON.stringify(decision.outcome.body),
          },
          move: decision.move,
          place,
          // Stryker disable next-line ConditionalExpression: an event moves no float (its float_after is null), whatever this holds
          float: op.kind === 'cash' ? op.input.account_id : null,
        });
        results.push({ ok: true, outcome: decision.outcome, change });
      } catch (error) {
        // A refusal that must not use up the trx (ApiError); anything else fails the batch, whose calls
        // then run alone (group-commit.ts): an unexpected failure may have left the batch's state half-applied.
        // Stryker disable next-line ConditionalExpression: no test can throw inside apply() without changing it; the calls' answers are the same
        if (!(error instanceof ApiError)) throw error;
        results.push({ ok: false, error });
      }
    });

    // 5. Write.
    await writeBatch(pipe, db.kysely, claimed, accounts, places);
    return results;
  });
}

function uniquePlaces(ops: readonly LedgerOp[]): PlaceKey[] {
  const byKey = new Map<string, PlaceKey>();
  for (const { input } of ops) {
    const key = { device_id: input.device_id, place: input.place };
    byKey.set(placeKeyOf(key), key);
  }
  // Stryker disable next-line all: the lock order that keeps concurrent PostgreSQL batches from deadlocking; SQLite has one writer
  return [...byKey.values()].sort((a, b) => a.device_id - b.device_id || a.place - b.place);
}

const noRows = Promise.resolve([]);

/** Phases 1-3: every statement goes out before the first answer is awaited, in lock order. */
async function readBatch(pipe: Pipeline, db: Executor, dialect: DialectName, ops: readonly LedgerOp[]) {
  // Stryker disable next-line ConditionalExpression,ArrayDeclaration: an event's place in this list reads rows no call of the batch needs, never fewer; the answers are the same
  const cash = ops.flatMap((op) => (op.kind === 'cash' ? [op.input] : []));
  // Stryker disable next-line ArrowFunction,ArithmeticOperator,MethodExpression: the lock order, as for the places
  const accountIds = [...new Set(cash.map((input) => input.account_id))].sort((a, b) => a - b);
  const placeKeys = uniquePlaces(ops);
  // Stryker disable next-line ConditionalExpression,ArrayDeclaration: reads rows no call of the batch needs, never fewer; the answers are the same
  const eventDevices = [...new Set(ops.flatMap((op) => (op.kind === 'event' ? [op.input.device_id] : [])))];
  // Stryker disable next-line ConditionalExpression,ArrayDeclaration: reads rows no call of the batch needs, never fewer; the answers are the same
  const phones = [...new Set(cash.flatMap((input) => (input.remote_pin !== null ? [input.device_id] : [])))];
  // Only a cancel looks at the place's latest event; the batch's own events update it in memory (apply).
  const cancelPlaces = uniquePlaces(
    // Stryker disable next-line MethodExpression,ConditionalExpression,LogicalOperator: reads rows no call of the batch needs, never fewer; the answers are the same
    ops.filter((op) => op.kind === 'event' && CANCEL_TYPES.includes(op.input.type)),
  );

  // An empty list is no statement: SQLite would find no rows, PostgreSQL refuses `in ()` (every batch of
  // game events alone, on the PostgreSQL leg of npm test, shows it).
  // Stryker disable next-line ConditionalExpression,EqualityOperator: as above
  const accountRows = accountIds.length > 0 ? pipe.run(lockAccountsQuery(db, dialect, accountIds)) : noRows;
  const placeRows = pipe.run(lockPlacesQuery(db, dialect, placeKeys));
  // Stryker disable next-line ConditionalExpression,EqualityOperator: as above
  const ruleRows = eventDevices.length > 0 ? pipe.run(eventRulesQuery(db, eventDevices)) : noRows;
  const earlierRows = pipe.run(
    findOperationsQuery(
      db,
      ops.map((op) => ({ scope: scopeOf(op), trx: op.input.trx })),
    ),
  );
  // Stryker disable next-line ConditionalExpression,EqualityOperator: as above
  const pinRows = phones.length > 0 ? pipe.run(devicePinsQuery(db, phones)) : noRows;
  const lastEventRows = cancelPlaces.map((key) =>
    pipe.run(lastDeviceEventQuery(db, key)).then((rows) => [placeKeyOf(key), rows[0]] as const),
  );
  const openShifts = readOpenShifts(
    pipe,
    db,
    dialect,
    cash.map((input) => input.user_id),
  );

  const accounts = new Map<number, AccountRow>((await accountRows).map((a) => [a.id, { ...a }]));
  const places = new Map<string, PlaceRow>((await placeRows).map((p) => [placeKeyOf(p), { ...p }]));
  const rules = new Map<number, DeviceEventRules>(
    (await ruleRows).map((r) => [
      r.device_id,
      {
        account_id: r.account_id,
        rate_bps: r.final_bonus_rate_bps,
        max_event_amount_cents: r.max_event_amount_cents,
      },
    ]),
  );
  const earlier = new Map((await earlierRows).map((r) => [`${r.scope}\u0000${r.trx}`, r]));
  const related: Related = {
    pins: new Map((await pinRows).map(({ id, ...pin }) => [id, pin])),
    lastEvents: new Map(await Promise.all(lastEventRows)),
    openShifts: await openShifts,
  };
  return { accounts, places, rules, earlier, related };
}

interface BatchState {
  accounts: Map<number, AccountRow>;
  places: Map<string, PlaceRow>;
  rules: Map<number, DeviceEventRules>;
  earlier: Map<string, { request_hash: string; status_code: number | null; response_json: string | null }>;
  related: Related;
}

type Decided =
  | { replay: Outcome; change: Change }
  | { decision: Decision; record: NewOperation; change: Change; place: PlaceKey };

/**
 * One operation's checks in the contract's order: its place, a replay's stored answer, then the block,
 * the PIN, the shift and the money rules.
 */
function decide(op: LedgerOp, now: number, state: BatchState): Decided {
  const scope = scopeOf(op);
  const earlierOf = (hash: string) => {
    const found = state.earlier.get(`${scope}\u0000${op.input.trx}`);
    return found ? replayOutcome(found, hash) : null;
  };
  if (op.kind === 'cash') {
    const input = op.input;
    const account = state.accounts.get(input.account_id);
    // Stryker disable next-line ConditionalExpression: the batch locked the cashier's account row (accounts are never deleted)
    if (!account) throw new ApiError(ERR.noAccount);
    const place = state.places.get(placeKeyOf(input));
    if (!place) throw ApiError.validation('place', 'the device has no such place');
    const change: Change = { account_id: input.account_id, float: true, device_ids: [input.device_id] };
    // A cashier's other calls hash other shapes (linking, shifts), and a device is a cabinet or a phone
    // for good, so its calls all carry a PIN or none: neither part tells two calls apart today, but the
    // stored hashes hold them, so they stay.
    // Stryker disable next-line ConditionalExpression,EqualityOperator: as above
    const withPin = input.remote_pin !== null;
    // Stryker disable next-line StringLiteral: as above
    const request = ['cash', input.device_id, input.place, input.delta_cents, withPin];
    // A cash-out is another request than a withdraw of the same delta; without the flag the hash is the
    // one stored answers were always kept under.
    const hash = requestHash(input.cash_out === true ? [...request, 'cash_out'] : request);
    // A replay gets its stored answer even if a block or a new PIN came since: its money already moved.
    const replay = earlierOf(hash);
    if (replay) return { replay, change };
    const kind = cashKind(input.delta_cents);
    assertNotBlocked(account, { kind });
    if (input.remote_pin !== null) {
      assertRemotePin(state.related.pins.get(input.device_id), input.remote_pin, now);
    }
    const shiftId = shiftOfOperation(account, state.related.openShifts.get(input.user_id));
    const decision = decideCash(input, account, place, now);
    const record = operationRecord(scope, input.trx, kind, hash, now, {
      account_id: input.account_id,
      user_id: input.user_id,
      device_id: input.device_id,
      shift_id: shiftId,
    });
    return { decision, record, change, place: input };
  }

  const input = op.input;
  const place = state.places.get(placeKeyOf(input));
  const rules = state.rules.get(input.device_id);
  if (!rules) throw new ApiError(ERR.deviceNotAvailable);
  if (!place) throw ApiError.validation('place', 'the device has no such place');
  const change = deviceChange(rules.account_id, input.device_id);
  // Stryker disable next-line StringLiteral: a device's scope holds game events only, so no other kind shares its hashes
  const hash = requestHash(['event', input.place, input.type, input.amount_cents]);
  const replay = earlierOf(hash);
  if (replay) return { replay, change };
  const last = state.related.lastEvents.get(placeKeyOf(input));
  const decision = decideEvent(input, place, rules, last, now);
  const record = operationRecord(scope, input.trx, 'device_event', hash, now, {
    account_id: rules.account_id,
    user_id: null,
    device_id: input.device_id,
    shift_id: null,
  });
  return { decision, record, change, place: input };
}

function operationRecord(
  scope: string,
  trx: string,
  kind: string,
  hash: string,
  now: number,
  who: { account_id: number; user_id: number | null; device_id: number; shift_id: number | null },
): NewOperation {
  return {
    scope,
    trx,
    kind,
    request_hash: hash,
    status_code: null,
    response_json: null,
    ...who,
    reason: null,
    created_at_ms: now,
  };
}

/** Moves the working copies on, so the next operation of the batch sees this one's result. */
function apply(
  move: PlannedMove,
  op: LedgerOp,
  key: PlaceKey,
  accounts: Map<number, AccountRow>,
  places: Map<string, PlaceRow>,
  related: Related,
): void {
  // Stryker disable next-line ConditionalExpression,LogicalOperator: a cash move always has its float_after, an event's is null: either half decides
  if (move.float_after !== null && op.kind === 'cash') {
    accounts.get(op.input.account_id)!.balance_cents = move.float_after;
  }
  const place = places.get(placeKeyOf(key))!;
  place.entries_cents = move.place_after.entries_cents;
  place.final_bonus_cents = move.place_after.final_bonus_cents;
  if (move.event) related.lastEvents.set(placeKeyOf(key), move.event);
}

/**
 * Phase 5: the records first (their ids go into the ledger rows) with the balances behind them, then the
 * ledger rows and event records, left in flight: the commit follows them (db/pipelined-transaction.ts).
 */
async function writeBatch(
  pipe: Pipeline,
  db: Executor,
  claimed: Claimed[],
  accounts: Map<number, AccountRow>,
  places: Map<string, PlaceRow>,
): Promise<void> {
  if (claimed.length === 0) return;
  const insertedRows = pipe.run(
    insertOperationsQuery(
      db,
      claimed.map((c) => c.record),
    ),
  );
  const moved = claimed.filter((c) => c.move !== null);
  const floats = new Set<number>();
  const touched = new Map<string, PlaceKey>();
  for (const c of moved) {
    // Stryker disable next-line ConditionalExpression,LogicalOperator: as in apply(), either half decides
    if (c.move!.float_after !== null && c.float !== null) floats.add(c.float);
    touched.set(placeKeyOf(c.place), c.place);
  }
  for (const accountId of floats) {
    void pipe.run(setFloatBalanceQuery(db, accountId, accounts.get(accountId)!.balance_cents).compile());
  }
  if (touched.size > 0) {
    void pipe.run(
      setPlacesBalancesQuery(
        db,
        [...touched.values()].map((key) => {
          const place = places.get(placeKeyOf(key))!;
          return { ...key, entries_cents: place.entries_cents, final_bonus_cents: place.final_bonus_cents };
        }),
      ),
    );
  }

  const inserted = await insertedRows;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: PostgreSQL only (two processes claiming one trx): ledger.concurrency.test.ts, 'answers one event trx sent for two places to two server processes', fails without it
  if (inserted.length !== claimed.length) throw new ClaimRaced();
  const ids = new Map(inserted.map((r) => [`${r.scope}\u0000${r.trx}`, r.id]));
  const idOf = (c: Claimed) => ids.get(`${c.record.scope}\u0000${c.record.trx}`)!;
  const rows: NewLedgerEntry[] = [];
  const events = [];
  for (const c of moved) {
    const move = c.move!;
    const operationId = idOf(c);
    for (const row of move.rows) rows.push({ ...row, operation_id: operationId });
    if (move.event) {
      events.push({
        operation_id: operationId,
        device_id: c.place.device_id,
        place: c.place.place,
        ...move.event,
        created_at_ms: c.record.created_at_ms,
      });
    }
  }
  if (rows.length > 0) void pipe.run(insertLedgerEntriesQuery(db, rows).compile());
  if (events.length > 0) void pipe.run(insertDeviceEventsQuery(db, events));
}
