// A batch's second phase: each request in arrival order, in memory, on the rows the first phase locked.
// For each: its place (or float), a replay's stored answer, then the block, the PIN, the shift and the
// money rule of its kind (money-rules.ts). An accepted operation's rows move the working copies on, so
// the next operation on the same float or place is decided on what this one left; everything decided
// goes into the write plan (types.ts WritePlan) that the third phase checks and writes.
import { randomUUID } from 'node:crypto';
import { ERR } from '@cashdesk/contract';
import type { CompiledQuery } from 'kysely';
import { assertNotBlocked } from '../accounts/index.js';
import {
  approvalState,
  insertApprovalStatement,
  needsApproval,
  payoutOf,
  pendingOutcome,
  setApprovalOutcomeStatement,
  type ApprovalRow,
  type NewApproval,
} from '../approvals/index.js';
import { assertRemotePin } from '../devices/index.js';
import type { Executor } from '../db/database.js';
import type { AccountRow, PlaceRow, PlayerRow } from '../db/schema.js';
import { ApiError } from '../http/api-error.js';
import {
  approvalsChange,
  cashChange,
  floatChange,
  playChange,
  transferChange,
  type Change,
} from '../live/change-feed.js';
import {
  afterCash,
  dailyLimitOf,
  dayFigures,
  depositRefusal,
  exclusionOn,
  needsIdentity,
  playerDayOf,
  seatPlayer,
} from '../players/index.js';
import { shiftOfOperation } from '../shifts/index.js';
import type { BatchReads } from './batch-read.js';
import { replayOutcome, requestHash } from './idempotency.js';
import { placeKeyOf } from './keys.js';
import {
  cashKind,
  decideCashOut,
  decideCorrection,
  decideDeposit,
  decideEvent,
  decideFloatMove,
  decideTransfer,
  decideWithdraw,
  floatLimit,
  floatMoveKind,
} from './money-rules.js';
import { refusal } from './outcome.js';
import type { NewOperation } from './operations.repository.js';
import type {
  Decision,
  Posting,
  KeyedRequest,
  Outcome,
  PlaceCashInput,
  PlayerState,
  TransferInput,
  WritePlan,
} from './types.js';

/**
 * A request's answer and the change to tell terminals once committed (null: it changed nothing, as a
 * replay or a held payout asked again), or the refusal it was thrown.
 */
export type Settled = { outcome: Outcome; change: Change | null } | { error: ApiError };

/** A request judged: answered from its earlier record, or decided now. */
type Judged =
  | { replay: Outcome }
  | { held: Outcome; change: Change | null; write: ((db: Executor) => CompiledQuery) | null }
  | {
      decision: Decision;
      record: NewOperation;
      change: Change;
      also: WritePlan['operations'][number]['also'];
      /** Written whatever the decision: an approved call's refusal, kept on its approval. */
      always?: (db: Executor) => CompiledQuery;
      /** If the decision is yes: the player's row after it, and the players its seats hold after it. */
      players?: PlayerMove;
    };

/** What an accepted call does to a player: their day's sums, and which player each seat holds. */
interface PlayerMove {
  player: PlayerRow | null;
  seats: { device_id: number; place: number; player_id: number | null }[];
}

export function decideBatch(
  requests: readonly KeyedRequest[],
  now: number,
  reads: BatchReads,
): { settled: Settled[]; plan: WritePlan } {
  const plan: WritePlan = {
    before: balancesOf(reads),
    after: { floats: new Map(), places: new Map() },
    players: { before: playersOf(reads, now), after: new Map() },
    seatPlayers: new Map(),
    operations: [],
    held: [],
    replayed: new Set(),
  };
  const settled = requests.map((request): Settled => {
    try {
      return settle(request, judge(request, now, reads), reads, plan, now);
    } catch (error) {
      // A refusal that must not use up the trx (ApiError); anything else fails the batch, whose calls
      // then run alone (ledger.service.ts): it may have left the working copies half-moved.
      // Stryker disable next-line ConditionalExpression: non-api-error
      if (!(error instanceof ApiError)) throw error;
      return { error };
    }
  });
  return { settled, plan };
}

function judge(request: KeyedRequest, now: number, reads: BatchReads): Judged {
  if (request.kind === 'cash') return judgeCash(request, now, reads);
  if (request.kind === 'event') return judgeEvent(request, now, reads);
  if (request.kind === 'transfer') return judgeTransfer(request, now, reads);
  return judgeFloat(request, now, reads);
}

/** Puts what was judged into the plan and moves the working copies on. */
function settle(
  request: KeyedRequest,
  judged: Judged,
  reads: BatchReads,
  plan: WritePlan,
  now: number,
): Settled {
  if ('replay' in judged) {
    // Its money moved (and was told) when it was first answered: a replay changes nothing.
    plan.replayed.add(request.keys.claim);
    return { outcome: judged.replay, change: null };
  }
  if ('held' in judged) {
    if (judged.write) plan.held.push(judged.write);
    return { outcome: judged.held, change: judged.change };
  }
  const { decision, record, change } = judged;
  if (judged.always) plan.held.push(judged.always);
  const outcome = decision.outcome;
  // The answer goes in with the record: one statement instead of an insert and an update.
  const stored = { ...record, status_code: outcome.status, response_json: JSON.stringify(outcome.body) };
  const claim = request.keys.claim;
  if (!decision.ok) {
    plan.operations.push({ claim, record: stored, postings: [], event: null, also: [] });
    return { outcome, change };
  }
  plan.operations.push({
    claim,
    record: stored,
    postings: decision.postings,
    event: decision.event,
    also: judged.also,
  });
  moveOn(reads, plan, decision.postings);
  if (judged.players) movePlayers(reads, plan, judged.players, now);
  // A game event is its place's latest now: a cancel later in the batch looks for it.
  if (decision.event) reads.lastEvents.set(request.keys.places[0]!, decision.event);
  return { outcome, change };
}

/** The account a request moves the float of, as the batch locked it: 404 `no account` if there is none. */
function lockedAccount(reads: BatchReads, accountId: number): AccountRow {
  const account = reads.accounts.get(accountId);
  if (!account) throw new ApiError(ERR.noAccount);
  return account;
}

/** The stored answer of an earlier call with the request's trx, if any (422 when the request changed). */
function replayOf(request: KeyedRequest, reads: BatchReads, hash: string): Outcome | null {
  const found = reads.earlier.get(request.keys.claim);
  return found ? replayOutcome(found, hash) : null;
}

function judgeCash(request: KeyedRequest & { kind: 'cash' }, now: number, reads: BatchReads): Judged {
  const { input, keys } = request;
  const account = lockedAccount(reads, input.account_id);
  const place = reads.places.get(keys.places[0]!);
  if (!place) throw ApiError.validation('place', 'the device has no such place');
  const change = cashChange(input.account_id, input.device_id);
  const hash = cashRequestHash(input);
  // A replay gets its stored answer even if a block or a new PIN came since: its money already moved.
  const replay = replayOf(request, reads, hash);
  if (replay) return { replay };
  if (input.corrects)
    return judgeCorrection({ ...input, corrects: input.corrects }, request, place, hash, now, reads);
  const kind = cashKind(input.delta_cents);
  const approval = reads.approvals.get(keys.claim);
  const held = approval ? heldAnswer(approval, hash, now) : null;
  if (held) return held;
  const checked = checkCall(input, kind, account, reads, now, approval !== undefined);
  const player = playerOfCall(input, place, reads);
  const record = recordOf(request, kind, hash, now, {
    account_id: input.account_id,
    user_id: input.user_id,
    device_id: input.device_id,
    shift_id: 'refused' in checked ? null : checked.shiftId,
    ...(player ? { player_id: player.id } : {}),
  });
  // The gaming day counts only for a player's sums (and reading it costs a time-zone conversion).
  const day = player ? playerDayOf(now, account) : '';
  const decision =
    'refused' in checked
      ? checked.refused
      : inVenue(input, reads)
        ? decideForPlayer(input, { account, place, player, day, approval }, now)
        : movedAway(approval);
  // Four eyes: a payout the rules would let through, which with the seat's others in the window passes
  // the venue's `approval_above`, waits for a manager; one they refuse is refused now, never filed.
  const seat = keys.seat!;
  const paid = reads.seatPayouts.get(seat) ?? 0;
  if (!approval && decision.ok && needsApproval(input, account, place, paid)) {
    return fileApproval(request, place, hash, now);
  }
  if (decision.ok) reads.seatPayouts.set(seat, paid + paidOut(decision.postings));
  // An approved call the ledger refuses ends `failed`, its refusal kept on the approval, in this batch.
  const always =
    approval && !decision.ok
      ? (db: Executor) => setApprovalOutcomeStatement(db, approval.id, JSON.stringify(decision.outcome.body))
      : undefined;
  return {
    decision,
    record,
    change,
    also: [],
    ...(always ? { always } : {}),
    ...(decision.ok ? { players: cashPlayerMove(input, player, place, decision.postings, day) } : {}),
  };
}

/**
 * The player of a cashier's call: the one it names, else the one its seat holds (their limit applies to
 * any deposit onto their seat), or none. A named player must be the venue's (404 `not found`, as for a
 * card of another venue) and the seat must hold them or nobody (409: another player's money is on it).
 * Thrown: the trx stays free for the call as it should have been.
 */
function playerOfCall(input: PlaceCashInput, place: PlaceRow, reads: BatchReads): PlayerRow | null {
  const held = seatPlayer(place);
  if (input.player_id === undefined) return held === null ? null : (reads.players.get(held) ?? null);
  const named = venuePlayer(reads, input.player_id, input.account_id);
  if (held !== null && held !== named.id) throw new ApiError(ERR.seatTaken);
  return named;
}

/** The venue's player by id, as the batch locked them: 404 `not found` for none, or another venue's. */
function venuePlayer(reads: BatchReads, playerId: number, accountId: number): PlayerRow {
  const player = reads.players.get(playerId);
  if (!player || player.account_id !== accountId) throw new ApiError(ERR.notFound);
  return player;
}

/**
 * The money rule of a cashier's call with its player's rules around it: a deposit they refuse is refused
 * (stored), and a payout that would pass the report threshold before their identity is recorded waits
 * for it: fresh, thrown with its trx free; approved, it fails as any later refusal does.
 */
function decideForPlayer(
  input: PlaceCashInput,
  on: {
    account: AccountRow;
    place: PlaceRow;
    player: PlayerRow | null;
    day: string;
    approval: ApprovalRow | undefined;
  },
  now: number,
): Decision {
  const { account, place, player, day, approval } = on;
  const decision =
    playerRefusal(input, player, account, now, day) ??
    decideCash(input, account, place, now, approval?.amount_cents);
  if (!decision.ok || !player || !needsIdentity(player, account, paidOut(decision.postings), day))
    return decision;
  // The player named, so a till that did not read their card knows whose identity to ask for.
  if (!approval) throw new ApiError(ERR.identityRequired, { player_id: player.id });
  return { ok: false, outcome: refusal(ERR.identityRequired, { player_id: player.id }) };
}

/** A deposit for an excluded player, or past what is left of their limit: refused, stored under the trx. */
function playerRefusal(
  input: PlaceCashInput,
  player: PlayerRow | null,
  account: AccountRow,
  now: number,
  day: string,
): Decision | null {
  if (!player || input.corrects || input.delta_cents <= 0 || input.cash_out === true) return null;
  const refused = depositRefusal(player, account, input.delta_cents, now, day);
  return refused ? { ok: false, outcome: refusal(refused.err, refused.details) } : null;
}

/**
 * An accepted cash call's player move: a deposit counts as the player's cash in and seats them (an
 * anonymous deposit seats nobody, so an emptied seat's last player is not brought back), a payout counts
 * as their cash out.
 */
function cashPlayerMove(
  input: PlaceCashInput,
  player: PlayerRow | null,
  place: PlaceRow,
  postings: readonly Posting[],
  day: string,
): PlayerMove {
  const paid = paidOut(postings);
  const deposited = input.delta_cents > 0 && input.cash_out !== true ? input.delta_cents : 0;
  const seat = { device_id: place.device_id, place: place.place, player_id: player?.id ?? null };
  const seats = deposited > 0 && place.player_id !== seat.player_id ? [seat] : [];
  return { player: player ? afterCash(player, day, deposited, paid) : null, seats };
}

/** A call filed for a manager before: its answer now, unless a manager approved it and it is to be applied. */
function heldAnswer(approval: ApprovalRow, hash: string, now: number): Judged | null {
  if (approval.request_hash !== hash) return { held: refusal(ERR.trxConflict), change: null, write: null };
  const state = approvalState(approval, approval.trx, now);
  return state === 'apply' ? null : { held: state, change: null, write: null };
}

/** What an accepted cash call's rows took off the place's entries (0 for a deposit). */
function paidOut(postings: readonly Posting[]): number {
  return postings.reduce(
    (sum, e) => (e.line === 'entries' && e.amount_cents < 0 ? sum - e.amount_cents : sum),
    0,
  );
}

/**
 * The block, the PIN and the shift a cashier's call obeys (the shift it books to, if the venue uses
 * them). A fresh call they refuse is thrown (its trx stays free); an approved one is refused for good,
 * its refusal stored and kept on the approval, so it ends `failed` rather than approved and never applied.
 */
function checkCall(
  input: PlaceCashInput,
  kind: 'deposit' | 'withdraw',
  account: AccountRow,
  reads: BatchReads,
  now: number,
  approved: boolean,
): { shiftId: number | null } | { refused: Decision } {
  try {
    assertNotBlocked(account, { kind });
    if (input.remote_pin !== null) assertRemotePin(reads.pins.get(input.device_id), input.remote_pin, now);
    return { shiftId: shiftOfOperation(account, reads.openShifts.get(input.user_id)) };
  } catch (error) {
    if (!approved || !(error instanceof ApiError)) throw error;
    return { refused: { ok: false, outcome: refusal(error.err, error.details) } };
  }
}

/** The money rule of a cashier's call; an approved cash-out pays at most what the manager approved. */
function decideCash(
  input: PlaceCashInput,
  account: AccountRow,
  place: PlaceRow,
  now: number,
  approvedCents: number | undefined,
): Decision {
  if (input.cash_out === true) return decideCashOut(input, account, place, now, approvedCents);
  return input.delta_cents > 0
    ? decideDeposit(input, account, place, now)
    : decideWithdraw(input, account, place, now);
}

/** Whether the call's device still belongs to its venue, as read under the place's lock. */
function inVenue(input: PlaceCashInput, reads: BatchReads): boolean {
  return reads.deviceVenues.get(input.device_id) === input.account_id;
}

/**
 * A call on a device that has left its venue. A cashier's fresh call is refused as the route refuses it
 * (406, its trx not used up: the route checked the device a moment before); one that acts on a stored
 * operation (an approved payout, a correction) is refused for good, stored: 409 `device moved`.
 */
function movedAway(approval: ApprovalRow | undefined): Decision {
  if (!approval) throw new ApiError(ERR.deviceNotAvailable);
  return { ok: false, outcome: refusal(ERR.deviceMoved) };
}

/**
 * A manager's correction (money-rules.ts decideCorrection): at most one per original operation, judged
 * under the place's lock, so of two racing corrections the second sees the first (422 `already
 * corrected`, not stored: the correction's trx stays free). The record links it to the original.
 */
function judgeCorrection(
  input: PlaceCashInput & { corrects: NonNullable<PlaceCashInput['corrects']> },
  request: KeyedRequest,
  place: PlaceRow,
  hash: string,
  now: number,
  reads: BatchReads,
): Judged {
  const account = lockedAccount(reads, input.account_id);
  const change = cashChange(input.account_id, input.device_id);
  const original = input.corrects.operation_id;
  if (reads.corrected.has(original)) throw new ApiError(ERR.alreadyCorrected);
  const decision = inVenue(input, reads)
    ? decideCorrection(input, account, place, now)
    : ({ ok: false, outcome: refusal(ERR.deviceMoved) } as const);
  if (decision.ok) reads.corrected.add(original);
  const record = {
    ...recordOf(request, 'correction', hash, now, {
      account_id: input.account_id,
      user_id: input.user_id,
      device_id: input.device_id,
      shift_id: null,
      reason: input.corrects.reason,
    }),
    ...(decision.ok ? { corrects_operation_id: original } : {}),
  };
  const alsoWrite = input.corrects.alsoWrite;
  return { decision, record, change, also: decision.ok && alsoWrite ? [alsoWrite] : [] };
}

/**
 * Files a payout for a manager's decision (approvals/four-eyes.ts needsApproval): a 202 and its approval,
 * written with the batch. Nothing moves and the trx is not used up: the approval's row carries it until it is
 * applied. The venue's terminals hear of it at once (the back office's list, the tills).
 */
function fileApproval(
  request: KeyedRequest & { kind: 'cash' },
  place: PlaceRow,
  hash: string,
  now: number,
): Judged {
  const input = request.input;
  const id = randomUUID();
  const row: NewApproval = {
    id,
    account_id: input.account_id,
    scope: request.keys.scope,
    trx: input.trx,
    request_hash: hash,
    user_id: input.user_id,
    device_id: input.device_id,
    device_uuid: input.device_uuid,
    place: input.place,
    delta_cents: input.delta_cents,
    cash_out: input.cash_out === true ? 1 : 0,
    // What the manager approves, and so the most it pays: a cash-out's is the seat's balance now.
    amount_cents: payoutOf(input, place),
    remote_pin: input.remote_pin,
    player_id: input.player_id ?? null,
    status: 'pending',
    created_at_ms: now,
    decided_at_ms: null,
    decided_by: null,
    reason: null,
  };
  return {
    held: pendingOutcome(id, input.trx),
    change: approvalsChange(input.account_id, input.device_id),
    write: (db) => insertApprovalStatement(db, row),
  };
}

/**
 * A cashier's other calls hash other shapes (linking, shifts), and a device is a cabinet or a phone for
 * good, so its calls all carry a PIN or none: neither part tells two calls apart today, but the stored
 * hashes hold them, so they stay. A cash-out is another request than a withdraw of the same delta;
 * without the flag the hash is the one stored answers were always kept under.
 */
function cashRequestHash(input: PlaceCashInput): string {
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: stored-hash
  const request = ['cash', input.device_id, input.place, input.delta_cents, input.remote_pin !== null];
  // A correction is its own request: what it corrects and why (never the hash of a cashier's call).
  if (input.corrects) return requestHash(['correction', input.corrects.operation_id, input.corrects.reason]);
  // Stryker disable next-line StringLiteral: stored-hash
  const call = input.cash_out === true ? [...request, 'cash_out'] : request;
  // A call for a named player is another request than the same money for nobody (or someone else).
  // Stryker disable next-line StringLiteral: stored-hash
  return requestHash(input.player_id === undefined ? call : [...call, 'player', input.player_id]);
}

function judgeEvent(request: KeyedRequest & { kind: 'event' }, now: number, reads: BatchReads): Judged {
  const input = request.input;
  const placeKey = request.keys.places[0]!;
  const place = reads.places.get(placeKey);
  const rules = reads.rules.get(input.device_id);
  if (!rules) throw new ApiError(ERR.deviceNotAvailable);
  if (!place) throw ApiError.validation('place', 'the device has no such place');
  const change = playChange(rules.account_id, input.device_id);
  // Stryker disable next-line StringLiteral: stored-hash
  const hash = requestHash(['event', input.place, input.type, input.amount_cents]);
  const replay = replayOf(request, reads, hash);
  if (replay) return { replay };
  const last = reads.lastEvents.get(placeKey);
  const record = recordOf(request, 'device_event', hash, now, {
    account_id: rules.account_id,
    user_id: null,
    device_id: input.device_id,
    shift_id: null,
  });
  return { decision: decideEvent(input, place, rules, last, now), record, change, also: [] };
}

/**
 * A player's transfer between two seats of the venue (money-rules.ts decideTransfer): the player must be
 * the venue's, the seat it leaves must hold them and the seat it goes to them or nobody, and both devices
 * the venue's (all thrown, the trx free); a self-excluded player's transfer is refused, stored.
 */
function judgeTransfer(request: KeyedRequest & { kind: 'transfer' }, now: number, reads: BatchReads): Judged {
  const input = request.input;
  const account = lockedAccount(reads, input.account_id);
  const from = reads.places.get(request.keys.places[0]!);
  const to = reads.places.get(request.keys.places[1]!);
  if (!from) throw ApiError.validation('from', 'the device has no such place');
  if (!to) throw ApiError.validation('to', 'the device has no such place');
  // Stryker disable next-line StringLiteral: stored-hash
  const hash = requestHash([
    'transfer',
    input.player_id,
    input.from.device_id,
    input.from.place,
    input.to.device_id,
    input.to.place,
    input.amount_cents,
  ]);
  const replay = replayOf(request, reads, hash);
  if (replay) return { replay };
  const player = venuePlayer(reads, input.player_id, input.account_id);
  assertTransferSeats(input, from, to, player, reads);
  const record = recordOf(request, 'transfer', hash, now, {
    account_id: input.account_id,
    user_id: input.user_id,
    device_id: input.from.device_id,
    shift_id: null,
    player_id: player.id,
  });
  const change = transferChange(input.account_id, [input.from.device_id, input.to.device_id]);
  const excluded = exclusionOn(player, playerDayOf(now, account));
  if (excluded) {
    const decision: Decision = { ok: false, outcome: refusal(ERR.playerExcluded, { until: excluded.until }) };
    return { decision, record, change, also: [] };
  }
  const decision = decideTransfer(input, from, to, now);
  const seats = [
    { device_id: to.device_id, place: to.place, player_id: player.id },
    // An emptied seat holds nobody: written, so no later deposit finds the player there.
    ...(decision.ok && input.amount_cents === from.entries_cents
      ? [{ device_id: from.device_id, place: from.place, player_id: null }]
      : []),
  ];
  return { decision, record, change, also: [], players: { player: null, seats } };
}

/** Both devices the venue's, the seat left the player's, the seat reached theirs or nobody's (thrown). */
function assertTransferSeats(
  input: TransferInput,
  from: PlaceRow,
  to: PlaceRow,
  player: PlayerRow,
  reads: BatchReads,
): void {
  for (const seat of [input.from, input.to]) {
    if (reads.deviceVenues.get(seat.device_id) !== input.account_id)
      throw new ApiError(ERR.deviceNotAvailable);
  }
  if (seatPlayer(from) !== player.id) throw ApiError.validation('from', "holds none of this player's money");
  const toHolds = seatPlayer(to);
  if (toHolds !== null && toHolds !== player.id) throw new ApiError(ERR.seatTaken);
}

function judgeFloat(request: KeyedRequest & { kind: 'float' }, now: number, reads: BatchReads): Judged {
  const input = request.input;
  const account = lockedAccount(reads, input.account_id);
  const change = floatChange(input.account_id);
  const hash = requestHash(['float', input.account_id, input.delta_cents, input.reason]);
  const replay = replayOf(request, reads, hash);
  if (replay) return { replay };
  const before = account.balance_cents;
  const decision = decideFloatMove(input, account, now);
  const record = recordOf(request, floatMoveKind(input.delta_cents), hash, now, {
    account_id: input.account_id,
    user_id: input.user_id,
    device_id: null,
    shift_id: null,
    reason: input.reason,
  });
  const alsoWrite = input.alsoWrite;
  const also =
    decision.ok && alsoWrite
      ? [
          (db: Executor) =>
            alsoWrite({ balance_before: before, balance_after: before + input.delta_cents }, db),
        ]
      : [];
  return { decision, record, change, also };
}

function recordOf(
  request: KeyedRequest,
  kind: string,
  hash: string,
  now: number,
  who: Pick<NewOperation, 'account_id' | 'user_id' | 'device_id' | 'shift_id'> & {
    reason?: string;
    player_id?: number;
  },
): NewOperation {
  return {
    scope: request.keys.scope,
    trx: request.input.trx,
    kind,
    request_hash: hash,
    status_code: null,
    response_json: null,
    reason: null,
    ...who,
    created_at_ms: now,
  };
}

/** A player's state as the invariants hold it: the venue, the day's sums and the limit in effect now. */
function playerStateOf(player: PlayerRow, account: AccountRow, now: number): PlayerState {
  const day = playerDayOf(now, account);
  const today = dayFigures(player, day);
  return {
    account_id: player.account_id,
    day,
    cash_in_cents: today.cash_in,
    cash_out_cents: today.cash_out,
    limit_cents: dailyLimitOf(player, account, now),
  };
}

/** The players as locked, of the venues the batch locked (another venue's player is refused anyway). */
function playersOf(reads: BatchReads, now: number): Map<number, PlayerState> {
  const players = new Map<number, PlayerState>();
  for (const player of reads.players.values()) {
    const account = reads.accounts.get(player.account_id);
    if (account) players.set(player.id, playerStateOf(player, account, now));
  }
  return players;
}

/** Moves the working copies of an accepted call's player and seats on, and notes them to write. */
function movePlayers(reads: BatchReads, plan: WritePlan, move: PlayerMove, now: number): void {
  if (move.player) {
    reads.players.set(move.player.id, move.player);
    const account = reads.accounts.get(move.player.account_id)!;
    plan.players.after.set(move.player.id, playerStateOf(move.player, account, now));
  }
  for (const seat of move.seats) {
    const key = placeKeyOf(seat);
    reads.places.get(key)!.player_id = seat.player_id;
    plan.seatPlayers.set(key, seat);
  }
}

/** The balances as locked, before any operation of the batch: what the invariants start from. */
function balancesOf(reads: BatchReads): WritePlan['before'] {
  const floats: WritePlan['before']['floats'] = new Map();
  for (const account of reads.accounts.values()) {
    floats.set(account.id, { balance_cents: account.balance_cents, limit_cents: floatLimit(account) });
  }
  const places: WritePlan['before']['places'] = new Map();
  for (const [key, p] of reads.places) {
    places.set(key, {
      device_id: p.device_id,
      place: p.place,
      entries_cents: p.entries_cents,
      final_bonus_cents: p.final_bonus_cents,
      account_id: reads.deviceVenues.get(p.device_id) ?? null,
    });
  }
  return { floats, places };
}

/**
 * Moves the working copies to the balances an accepted operation's rows leave (each balance-bearing row
 * carries its balance after), and notes them as the batch's balances to write. A float's limit is the one
 * it was locked with (balancesOf): no operation of the batch changes it.
 */
function moveOn(reads: BatchReads, plan: WritePlan, postings: readonly Posting[]): void {
  const after = plan.after;
  for (const posting of postings) {
    const balance = posting.balance_after_cents;
    if (balance === null || balance === undefined) continue;
    if (posting.line === 'float') {
      const account = reads.accounts.get(posting.account_id)!;
      account.balance_cents = balance;
      const { limit_cents } = plan.before.floats.get(account.id)!;
      after.floats.set(account.id, { balance_cents: balance, limit_cents });
      continue;
    }
    const key = placeKeyOf({ device_id: posting.device_id!, place: posting.place! });
    const place = reads.places.get(key)!;
    if (posting.line === 'entries') place.entries_cents = balance;
    if (posting.line === 'final_bonus') place.final_bonus_cents = balance;
    after.places.set(key, {
      device_id: place.device_id,
      place: place.place,
      entries_cents: place.entries_cents,
      final_bonus_cents: place.final_bonus_cents,
      account_id: reads.deviceVenues.get(place.device_id) ?? null,
    });
  }
}
