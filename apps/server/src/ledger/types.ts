// What a ledger operation is at each of its four stages, in the order it goes through them:
//   LedgerRequest  what a caller asks for: a cash call, a game event or a float move (the inputs below);
//   Decision       what the money rules say of it: yes with its ledger rows, or a refusal to store
//                  (money-rules.ts, one pure function per transfer kind);
//   WritePlan      what one batch writes in its transaction, checked against the invariants before a
//                  single row goes out (batch-write.ts, invariants.ts);
//   Outcome        the answer the caller gets, stored under the trx so a replay gets it byte for byte.
// docs/architecture.md walks a deposit and a game event through these stages file by file.
import type { DeviceEventType } from '@cashdesk/contract';
import type { CompiledQuery } from 'kysely';
import type { Executor } from '../db/database.js';
import type { NewLedgerEntry } from '../db/schema.js';
import type { NewOperation } from './operations.repository.js';

// ---- Stage 1: the request -------------------------------------------------------------------------

/** A cashier's deposit or withdraw on a place (cash.routes.ts: the contract's cashRequest). */
export interface PlaceCashInput {
  account_id: number;
  user_id: number;
  device_id: number;
  device_uuid: string;
  place: number;
  /** > 0 a deposit (float -> entries), < 0 a withdraw (entries -> float). */
  delta_cents: number;
  trx: string;
  /**
   * A cash-out: the place's whole balance when the ledger decides the call, whatever `delta_cents` (the
   * balance the cashier saw) says; the answer's delta is what was taken (money-rules.ts decideCashOut).
   */
  cash_out?: boolean | undefined;
  /**
   * The PIN of a remote (home-play) call, null for a regular device. Remote calls need the phone's
   * current PIN; every cash call obeys the account's hard and light blocks (accounts/account-blocks.ts).
   */
  remote_pin: string | null;
  /**
   * A manager's correction (docs/product.md section 13): this call reverses the named cash operation of
   * the venue, with the opposite movement on the same place and float (money-rules.ts decideCorrection).
   * `user_id` is then the manager's, and no block, PIN, shift or approval applies.
   */
  corrects?: Correction | undefined;
  /**
   * The player the money is for (docs/product.md section 18): their limit, exclusion and report threshold
   * apply, and the seat holds them until it is emptied. Without it a seat's own player is the one.
   */
  player_id?: number | undefined;
}

/** What a correction reverses: the original operation, its trx and the delta it moved onto the place. */
export interface Correction {
  operation_id: number;
  trx: string;
  delta_cents: number;
  reason: string;
  /** The audit entry, written in the correction's transaction once it is decided yes. */
  alsoWrite?: (db: Executor) => CompiledQuery;
}

/**
 * A game event of a device (gateway/: the contract's deviceEventRequest). The venue it books to, and the
 * venue's final-bonus rate and per-event ceiling, are read inside the event's transaction: a device
 * unlinked a moment before is refused, never credited to the venue it left.
 */
export interface DeviceEventInput {
  device_id: number;
  place: number;
  type: DeviceEventType;
  amount_cents: number;
  trx: string;
}

/** A back-office float top-up (delta > 0, from outside) or withdraw (delta < 0, to outside). */
export interface FloatMoveInput {
  account_id: number;
  user_id: number | null;
  delta_cents: number;
  trx: string;
  reason: string;
  /**
   * A statement written in the move's transaction once the money has moved (not on a replay or a
   * refusal): the back office's audit entry, so the move and its record commit or fail together.
   */
  alsoWrite?: (moved: { balance_before: number; balance_after: number }, db: Executor) => CompiledQuery;
}

/**
 * A player's money moved from one seat of the venue to another by a cashier (docs/product.md section 18):
 * no cash passes the counter and the float does not move.
 */
export interface TransferInput {
  account_id: number;
  user_id: number;
  player_id: number;
  from: { device_id: number; place: number };
  to: { device_id: number; place: number };
  amount_cents: number;
  trx: string;
}

export type LedgerRequest =
  | { kind: 'cash'; input: PlaceCashInput }
  | { kind: 'event'; input: DeviceEventInput }
  | { kind: 'float'; input: FloatMoveInput }
  | { kind: 'transfer'; input: TransferInput };

/**
 * What a request is found, locked and kept apart by (keys.ts builds each): built once as it is submitted
 * (keys.ts keyed) and carried through its batch, so no phase builds them again.
 */
export interface RequestKeys {
  /** Its trx namespace: one tenant never reads another's answer (keys.ts userScope, deviceScope). */
  scope: string;
  /** Its trx in that namespace (keys.ts trxKeyOf): its record, its held approval, its group-commit key. */
  claim: string;
  /** The places it moves (keys.ts placeKeyOf): a cash call's or a game event's one, a transfer's from, to. */
  places: readonly string[];
  /** A cash call's seat (keys.ts seatKeyOf), whose payouts four eyes counts; null for any other kind. */
  seat: string | null;
  /** The rows its transaction locks, named for the group commit's lanes (group-commit.ts). */
  rows: readonly string[];
}

/** A request with its keys: what the group commit and the batch take. */
export type KeyedRequest = LedgerRequest & { keys: RequestKeys };

// ---- Stage 2: the decision --------------------------------------------------------------------------

/** A ledger row as decided, before its operation's record has an id (the write fills operation_id in). */
export type Posting = Omit<NewLedgerEntry, 'operation_id' | 'chain_seq' | 'chain_hash'>;

/** A game event's own record (device_events): cancels look up the place's latest one. */
type GameEventRecord = { place: number; type: number; amount_cents: number; entries_after_cents: number };

/**
 * Yes: the answer, the rows that move the money (they sum to zero; each balance-bearing row carries the
 * balance it leaves) and, for a game event, its record. No: a refusal by a money rule, stored under the
 * trx, which moves nothing. A refusal that must not use up the trx is thrown as an ApiError instead.
 */
export type Decision =
  | {
      ok: true;
      outcome: Outcome;
      postings: Posting[];
      event: GameEventRecord | null;
    }
  | { ok: false; outcome: Outcome };

// ---- Stage 3: the write plan ------------------------------------------------------------------------

/** A float's or a place's balances, keyed as invariants.ts and the writes find them (WritePlan['before']). */
interface Balances {
  /** Float balance by account id, with the float's limit (how far below 0 it may go). */
  floats: Map<number, { balance_cents: number; limit_cents: number }>;
  /**
   * Place balances by `device_id/place`, with the venue the place's device belongs to as the batch read
   * it under the place's lock (null: none): the only venue whose rows may touch the place.
   */
  places: Map<
    string,
    {
      device_id: number;
      place: number;
      entries_cents: number;
      final_bonus_cents: number;
      account_id: number | null;
    }
  >;
}

/**
 * A player as a batch decides on them (by player id): their venue, the gaming day's sums and the daily
 * deposit limit in effect (null: none). The invariants hold the sums to the limit and the venue.
 */
export interface PlayerState {
  account_id: number;
  day: string;
  cash_in_cents: number;
  cash_out_cents: number;
  limit_cents: number | null;
}

/** Everything one batch writes, in one transaction, and what it was decided from. */
export interface WritePlan {
  /** The balances as the batch locked them, which the first operation's rows start from. */
  before: Balances;
  /** The balances the batch leaves: only those an operation moved are written. */
  after: Balances;
  /** Each decided operation in arrival order: its record (answer included) and what it moves. */
  operations: {
    /** Its request's trx key (RequestKeys.claim): the id its record gets is found by it. */
    claim: string;
    record: NewOperation;
    postings: Posting[];
    event: GameEventRecord | null;
    /** Statements the caller asked to write with the move (FloatMoveInput.alsoWrite), compiled at write. */
    also: ((db: Executor) => CompiledQuery)[];
  }[];
  /** The players the batch locked, and the ones its operations moved (their day's sums to write). */
  players: { before: Map<number, PlayerState>; after: Map<number, PlayerState> };
  /** By `device_id/place`: the player each seat holds after the batch, where an operation changed it. */
  seatPlayers: Map<string, { device_id: number; place: number; player_id: number | null }>;
  /** Calls held back for a manager (four eyes): their approvals, written whatever else the batch does. */
  held: ((db: Executor) => CompiledQuery)[];
  /** `scope\0trx` of the batch's replays: they were answered from their record and write nothing. */
  replayed: Set<string>;
}

// ---- Stage 4: the outcome ---------------------------------------------------------------------------

/**
 * The answer to a money or linking call, as status + body: what the ledger stores under a trx (so a
 * replay gets it byte for byte) and what the route sends back (outcome.ts builds them).
 */
export interface Outcome<T = unknown> {
  status: number;
  body: T;
  /**
   * An applied cash call's record, not stored with the answer (a replay gets it too): what its receipt
   * names besides the answer (cash/receipt.ts), carried from the batch so the route reads nothing more.
   */
  record?: { operationId: number; venue: string };
}
