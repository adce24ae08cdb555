// A batch's first phase: lock what it touches and read what its decisions need, every statement sent
// before the first answer is awaited (on PostgreSQL, one round trip: db/pipelined-transaction.ts).
//   locks: on PostgreSQL the venue locks of the venues written, shared (ledger-seals.repository.ts: the
//          sealer waits for them, batches never wait for each other there), then every account, then
//          every place, each in sorted order: one global order for every process (venues and accounts
//          by id, places by (device_id, place)), so two batches never deadlock;
//   reads: the earlier records of the batch's trx, the venue rules of the devices with events, the PINs
//          of phones with remote calls, a place's latest game event for a cancel, and the open shifts of
//          the batch's cashiers (locked for share, shifts/cash-call-shift.ts).
import { TX_TYPE } from '@cashdesk/contract';
import { findApprovalsStatement, type ApprovalRow } from '../approvals/index.js';
import type { DialectName, Executor } from '../db/database.js';
import type { Pipeline } from '../db/pipelined-transaction.js';
import type { AccountRow, PlaceRow, PlayerRow } from '../db/schema.js';
import { lockPlayersStatement, seatPlayer } from '../players/index.js';
import { readOpenShifts } from '../shifts/index.js';
import {
  devicePinsStatement,
  deviceVenuesStatement,
  eventRulesStatement,
  lastDeviceEventStatement,
  lockAccountsStatement,
  lockPlacesStatement,
  seatPayoutsStatement,
  type PlaceKey,
  type SeatKey,
} from './ledger.repository.js';
import { byPlaceKey, byTrxKey, seatKeyOf } from './keys.js';
import { shareVenueLocksStatement } from './ledger-seals.repository.js';
import type { DeviceEventRules } from './money-rules.js';
import {
  correctedStatement,
  findOperationsStatement,
  nextOperationIdsStatement,
} from './operations.repository.js';
import type { KeyedRequest } from './types.js';

/** What a batch read under its locks. The decide phase moves the accounts and places on as it goes. */
export interface BatchReads {
  accounts: Map<number, AccountRow>;
  /** By `device_id/place` (keys.ts placeKeyOf). */
  places: Map<string, PlaceRow>;
  /**
   * By device id, every device of the batch's places: the venue it belongs to now (null: none), read
   * under the places' locks (ledger.repository.ts deviceVenuesStatement).
   */
  deviceVenues: Map<number, number | null>;
  /**
   * By `account_id/device_id/place` (keys.ts seatKeyOf), of the seats of the batch's payouts: what each
   * paid out to that venue within its four-eyes window (ledger.repository.ts seatPayoutsStatement); the
   * decide phase adds the batch's own.
   */
  seatPayouts: Map<string, number>;
  /** By device id: the venue a linked device's events book to, with its rate and ceiling. */
  rules: Map<number, DeviceEventRules>;
  /** By `scope\0trx` (keys.ts trxKeyOf): the records of trx used before. */
  earlier: Map<
    string,
    { id: number; request_hash: string; status_code: number | null; response_json: string | null }
  >;
  pins: Map<number, { pin: string | null; pin_expires_at_ms: number | null; pin_previous: string | null }>;
  /** By `device_id/place`, the place's latest game event, for cancels. */
  lastEvents: Map<string, { type: number; amount_cents: number } | undefined>;
  /** By `scope\0trx` (keys.ts trxKeyOf): cash calls held back for a manager (four eyes, money-rules.ts). */
  approvals: Map<string, ApprovalRow>;
  /** Operations of the batch's corrections already corrected (their ids); the decide phase adds its own. */
  corrected: Set<number>;
  /**
   * By player id, locked after the places: the players the batch's cash calls and transfers name, and
   * the players the seats of its cash calls and transfers hold. The decide phase moves their day on.
   */
  players: Map<number, PlayerRow>;
  /** The open shift of each cashier of the batch (none: no entry); it counts where the venue uses shifts. */
  openShifts: Map<number, number>;
  /**
   * The venues whose locks the batch shares (PostgreSQL): it may write ledger rows for these only, or the
   * sealer could seal past a row still in flight (batch-write.ts). Null where no lock is needed: SQLite
   * (one writer at a time) and the benchmark's chain-off leg (batch.ts).
   */
  venueLocks: Set<number> | null;
  /**
   * Record ids drawn for the batch with its first statement (PostgreSQL), one per request: its writes
   * then wait for no answer (batch-write.ts). Null on SQLite, where the inserted ids are read back.
   */
  operationIds: number[] | null;
}

const CANCEL_TYPES: readonly number[] = [TX_TYPE.cancelPay, TX_TYPE.cancelledLuckyBet];

/** A request's places with their keys (RequestKeys.places, in its order). */
function placesOf(request: KeyedRequest): [string, PlaceKey][] {
  if (request.kind === 'float') return [];
  const { input, keys } = request;
  const places = request.kind === 'transfer' ? [request.input.from, request.input.to] : [input as PlaceKey];
  return places.map(({ device_id, place }, i) => [keys.places[i]!, { device_id, place }]);
}

/** Each place once, with its key, in lock order. */
function uniquePlaces(keyed: readonly [string, PlaceKey][]): [string, PlaceKey][] {
  const byKey = new Map(keyed);
  // Stryker disable next-line all: lock-order
  return [...byKey].sort(([, a], [, b]) => a.device_id - b.device_id || a.place - b.place);
}

const unique = <T>(ids: readonly T[]) => [...new Set(ids)];

/** The seats of these cash calls, each once (RequestKeys.seat). */
function uniqueSeats(requests: readonly { input: SeatKey; keys: { seat: string | null } }[]): SeatKey[] {
  const byKey = new Map<string, SeatKey>();
  for (const { input, keys } of requests) {
    const { account_id, device_id, place } = input;
    byKey.set(keys.seat!, { account_id, device_id, place });
  }
  return [...byKey.values()];
}

/** The keys the batch locks and reads by. */
function keysOf(requests: readonly KeyedRequest[]) {
  const cashCalls = requests.flatMap((r) => (r.kind === 'cash' ? [r] : []));
  const cash = cashCalls.map((r) => r.input);
  const events = requests.flatMap((r) => (r.kind === 'event' ? [r] : []));
  const floats = requests.flatMap((r) => (r.kind === 'float' ? [r.input] : []));
  const transferCalls = requests.flatMap((r) => (r.kind === 'transfer' ? [r] : []));
  const transfers = transferCalls.map((r) => r.input);
  const transferSeats = transfers.flatMap((t) => [t.from, t.to]);
  const seated = [...cashCalls, ...transferCalls];
  return {
    // Stryker disable next-line ArrowFunction,ArithmeticOperator,MethodExpression: lock-order
    accountIds: unique([...cash, ...floats, ...transfers].map((input) => input.account_id)).sort(
      (a, b) => a - b,
    ),
    places: uniquePlaces([...cashCalls, ...events, ...transferCalls].flatMap(placesOf)).map(([, p]) => p),
    /** The places whose players the batch reads: a cash call's or a transfer's seat. */
    playerPlaces: seated.flatMap((r) => r.keys.places),
    /** The players the batch's calls name. */
    namedPlayers: [
      ...cash.flatMap((input) => (input.player_id === undefined ? [] : [input.player_id])),
      ...transfers.map((t) => t.player_id),
    ],
    eventDevices: unique(events.map((r) => r.input.device_id)),
    phones: unique(cash.filter((input) => input.remote_pin !== null).map((input) => input.device_id)),
    // Only a cancel looks at the place's latest event; the batch's own events update it in memory.
    cancelPlaces: uniquePlaces(events.filter((r) => CANCEL_TYPES.includes(r.input.type)).flatMap(placesOf)),
    cashiers: cash.map((input) => input.user_id),
    cashDevices: unique([...cash, ...transferSeats].map((input) => input.device_id)),
    /** The operations the batch's corrections reverse. */
    originals: cash.flatMap((input) => (input.corrects ? [input.corrects.operation_id] : [])),
    // Four eyes counts a seat's payouts; a correction is none, and only a payout can be held.
    payoutSeats: uniqueSeats(
      cashCalls.filter(({ input }) => !input.corrects && (input.cash_out === true || input.delta_cents < 0)),
    ),
  };
}

const noRows = Promise.resolve([]);

/**
 * Sends every lock and read of the batch, in lock order, then collects the answers. An empty list is no
 * statement: PostgreSQL refuses `in ()`.
 */
export async function readBatch(
  pipe: Pipeline,
  db: Executor,
  dialect: DialectName,
  requests: readonly KeyedRequest[],
  nowMs: number,
  chain = true,
): Promise<BatchReads> {
  const keys = keysOf(requests);
  const some = <T>(list: readonly unknown[], read: () => Promise<T[]>) => (list.length > 0 ? read() : noRows);
  const { venueLocks, operationIds } = openBatch(pipe, db, dialect, requests.length, keys, chain);
  const accountRows = some(keys.accountIds, () =>
    pipe.run(lockAccountsStatement(db, dialect, keys.accountIds)),
  );
  const placeRows = some(keys.places, () => pipe.run(lockPlacesStatement(db, dialect, keys.places)));
  // Working copies, moved on by the decide phase.
  const places = placeRows.then((rows) => byPlaceKey(rows.map((p) => ({ ...p }))));
  const venues = readVenuesAndPayouts(pipe, db, keys, nowMs);
  const ruleRows = some(keys.eventDevices, () => pipe.run(eventRulesStatement(db, keys.eventDevices)));
  const trxKeys = requests.map((r) => ({ scope: r.keys.scope, trx: r.input.trx }));
  const earlierRows = pipe.run(findOperationsStatement(db, trxKeys));
  const cashKeys = trxKeys.filter((_, i) => requests[i]!.kind === 'cash');
  const approvalRows = some(cashKeys, () => pipe.run(findApprovalsStatement(db, cashKeys)));
  const correctedRows = some(keys.originals, () => pipe.run(correctedStatement(db, keys.originals)));
  const pinRows = some(keys.phones, () => pipe.run(devicePinsStatement(db, keys.phones)));
  const lastEvents = keys.cancelPlaces.map(([key, place]) =>
    pipe.run(lastDeviceEventStatement(db, place)).then((rows) => [key, rows[0]] as const),
  );
  const openShifts = readOpenShifts(pipe, db, dialect, keys.cashiers);
  const playerRows = lockPlayers(pipe, db, dialect, keys, places);
  const rules = new Map((await ruleRows).map((r) => [r.device_id, rulesOf(r)]));
  const { deviceVenues, seatPayouts } = await venues;
  for (const id of keys.eventDevices) deviceVenues.set(id, rules.get(id)?.account_id ?? null);
  return {
    accounts: new Map((await accountRows).map((a) => [a.id, { ...a }])),
    places: await places,
    deviceVenues,
    seatPayouts,
    rules,
    earlier: byTrxKey(await earlierRows),
    approvals: byTrxKey(await approvalRows),
    corrected: correctedOf(await correctedRows),
    pins: new Map((await pinRows).map(({ id, ...pin }) => [id, pin])),
    lastEvents: new Map(await Promise.all(lastEvents)),
    players: new Map((await playerRows).map((p) => [p.id, { ...p }])),
    openShifts: await openShifts,
    venueLocks: await venueLocks,
    operationIds: await operationIds,
  };
}

/** The ids of the operations already corrected, of the corrections' records read. */
function correctedOf(rows: readonly { corrects_operation_id: number | null }[]): Set<number> {
  return new Set(rows.flatMap((r) => (r.corrects_operation_id === null ? [] : [r.corrects_operation_id])));
}

/**
 * The venue of each device of the batch's places and what its payout seats paid in their four-eyes
 * window: sent after the places' locks, so a device cannot move before the batch commits.
 */
async function readVenuesAndPayouts(
  pipe: Pipeline,
  db: Executor,
  keys: { cashDevices: readonly number[]; payoutSeats: readonly SeatKey[] },
  nowMs: number,
): Promise<Pick<BatchReads, 'deviceVenues' | 'seatPayouts'>> {
  // A game event's device has its venue read with its rules (eventRulesStatement), in the same place.
  const devices = keys.cashDevices;
  const venueRows = devices.length > 0 ? pipe.run(deviceVenuesStatement(db, devices)) : noRows;
  const payoutRows =
    keys.payoutSeats.length > 0 ? pipe.run(seatPayoutsStatement(db, nowMs, keys.payoutSeats)) : noRows;
  const paid = (await payoutRows).map((r) => [
    seatKeyOf({ account_id: Number(r.account_id), device_id: Number(r.device_id), place: Number(r.place) }),
    Number(r.paid),
  ]);
  return {
    deviceVenues: new Map((await venueRows).map((d) => [d.id, d.account_id])),
    seatPayouts: new Map(paid as [string, number][]),
  };
}

/**
 * Locks the players of the batch once its places are locked (a seat's player is known only then): the
 * named ones and the ones the cash calls' and transfers' seats hold, in id order. A batch without them
 * sends no statement and waits for nothing.
 */
async function lockPlayers(
  pipe: Pipeline,
  db: Executor,
  dialect: DialectName,
  keys: { playerPlaces: readonly string[]; namedPlayers: readonly number[] },
  places: Promise<ReadonlyMap<string, PlaceRow>>,
): Promise<PlayerRow[]> {
  if (keys.playerPlaces.length === 0) return [];
  const locked = await places;
  const held = unique(keys.playerPlaces).flatMap((key) => {
    const place = locked.get(key);
    const player = place ? seatPlayer(place) : null;
    return player === null ? [] : [player];
  });
  // Stryker disable next-line ArrowFunction,ArithmeticOperator,MethodExpression: lock-order
  const ids = unique([...keys.namedPlayers, ...held]).sort((a, b) => a - b);
  return ids.length > 0 ? pipe.run(lockPlayersStatement(db, dialect, ids)) : [];
}

/**
 * The batch's first statement on PostgreSQL: the venue locks of the venues it writes for, shared, first
 * of its locks, and its record ids drawn in the same statement. No lock is taken on SQLite (one writer at
 * a time) nor in the benchmark's chain-off leg (BatchReads.venueLocks).
 */
function openBatch(
  pipe: Pipeline,
  db: Executor,
  dialect: DialectName,
  count: number,
  keys: { accountIds: readonly number[]; eventDevices: readonly number[] },
  chain: boolean,
): { venueLocks: Promise<Set<number> | null>; operationIds: Promise<number[] | null> } {
  if (dialect !== 'postgres')
    return { venueLocks: Promise.resolve(null), operationIds: Promise.resolve(null) };
  const idsOf = (rows: readonly { ids: readonly string[] }[]) => rows[0]!.ids.map(Number);
  if (!chain) {
    return {
      venueLocks: Promise.resolve(null),
      operationIds: pipe.run(nextOperationIdsStatement(db, count)).then(idsOf),
    };
  }
  const rows = pipe.run(shareVenueLocksStatement(db, count, keys.accountIds, keys.eventDevices));
  return {
    venueLocks: rows.then(
      (locked) => new Set(locked.flatMap((r) => (r.account_id === null ? [] : [Number(r.account_id)]))),
    ),
    operationIds: rows.then(idsOf),
  };
}

function rulesOf(row: {
  account_id: number;
  final_bonus_rate_bps: number;
  max_event_amount_cents: number;
}): DeviceEventRules {
  return {
    account_id: row.account_id,
    rate_bps: row.final_bonus_rate_bps,
    max_event_amount_cents: row.max_event_amount_cents,
  };
}
