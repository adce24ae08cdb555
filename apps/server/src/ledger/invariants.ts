// The ledger's invariants, asserted on a batch's write plan before a single row of it goes out (the way
// TigerBeetle asserts at write rather than finding a wrong balance afterwards, as `verify` would):
//   1. a replay writes nothing: no record of a trx the batch answered from its earlier record;
//   2. an operation's rows sum to zero: money moves between lines, it is never made or lost;
//   3. each balance a row leaves is the balance before it plus its amount, starting from the balances the
//      batch locked, and only the float, entries and final-bonus lines carry one;
//   4. no balance goes below its floor: a float below minus its limit, entries or final bonus below 0;
//   5. the balances the batch writes are the ones its rows leave, and every balance they move is written;
//   6. money never leaves its venue: every row of an operation is booked to the operation's venue, and a
//      row on a device's place is booked to the venue that device belongs to, as read under the place's
//      lock (so a correction or a late approval on a device that has moved since can never reach it).
//   7. a player's money stays in the player's venue: every operation for a player is booked to the venue
//      the player belongs to, and a player's day's cash in, where the batch raised it, ends within the
//      daily limit in effect (so no deposit ever takes a player past it, however many tills race);
//      a day's sums never go down.
// A broken invariant is a bug in the code that made the plan: the batch throws LedgerInvariantBroken, its
// transaction rolls back, the error is logged and each call answers 500 (http/errors.ts). Nothing is written.
import { placeKeyOf, trxKeyOf } from './keys.js';
import type { Posting, WritePlan } from './types.js';

export class LedgerInvariantBroken extends Error {
  constructor(invariant: string, detail: Record<string, unknown>) {
    super(`ledger invariant broken: ${invariant} ${JSON.stringify(detail)}`);
    this.name = 'LedgerInvariantBroken';
  }
}

const BALANCE_LINES = new Set(['float', 'entries', 'final_bonus']);

/** The key of the place a row names, built once for both checks of the row; null: it names none. */
const placeOf = (posting: Posting): string | null =>
  posting.device_id === null || posting.device_id === undefined
    ? null
    : placeKeyOf({ device_id: posting.device_id, place: posting.place! });

/** Throws LedgerInvariantBroken naming the first invariant the plan breaks. */
export function assertWritePlan(plan: WritePlan): void {
  const floats = new Map([...plan.before.floats].map(([id, f]) => [id, { ...f }]));
  const places = new Map([...plan.before.places].map(([key, p]) => [key, { ...p }]));
  for (const operation of plan.operations) {
    const { scope, trx } = operation.record;
    if (plan.replayed.has(trxKeyOf({ scope, trx })))
      throw new LedgerInvariantBroken('a replay writes nothing', { scope, trx });
    const sum = operation.postings.reduce((total, posting) => total + posting.amount_cents, 0);
    if (sum !== 0) throw new LedgerInvariantBroken("an operation's rows sum to zero", { trx, sum });
    for (const posting of operation.postings) {
      const place = placeOf(posting);
      moveBalance(posting, place, floats, places);
      assertSameVenue(posting, place, operation.record.account_id, plan.before.places);
    }
  }
  assertPlayers(plan);
  assertWritten(floats, plan.before.floats, plan.after.floats, (f) => f.balance_cents);
  assertWritten(
    places,
    plan.before.places,
    plan.after.places,
    (p) => `${p.entries_cents}/${p.final_bonus_cents}`,
  );
}

/** Invariant 7: each operation for a player is the player's venue's; a day's cash in ends within the limit. */
function assertPlayers(plan: WritePlan): void {
  for (const { record } of plan.operations) {
    const playerId = record.player_id;
    if (playerId === null || playerId === undefined) continue;
    const player = plan.players.before.get(playerId);
    if (!player || player.account_id !== record.account_id) {
      throw new LedgerInvariantBroken("a player's operation is booked to the player's venue", {
        trx: record.trx,
        player_id: playerId,
        account_id: record.account_id,
      });
    }
  }
  for (const [id, after] of plan.players.after) {
    const before = plan.players.before.get(id);
    if (!before || before.day !== after.day || before.account_id !== after.account_id)
      throw new LedgerInvariantBroken('a player moved is one the batch locked, on its day', {
        player_id: id,
      });
    if (after.cash_in_cents < before.cash_in_cents || after.cash_out_cents < before.cash_out_cents)
      throw new LedgerInvariantBroken("a player's day's sums never go down", { player_id: id });
    const limit = after.limit_cents;
    if (after.cash_in_cents > before.cash_in_cents && limit !== null && after.cash_in_cents > limit) {
      throw new LedgerInvariantBroken('no deposit takes a player past the daily limit', {
        player_id: id,
        cash_in: after.cash_in_cents,
        limit,
      });
    }
  }
}

type Floats = WritePlan['before']['floats'];
type Places = WritePlan['before']['places'];

/** Invariant 6 for one row: its operation's venue, and the venue of the device whose place it names. */
function assertSameVenue(
  posting: Posting,
  placeKeyOfRow: string | null,
  operationVenue: number | null | undefined,
  places: Places,
): void {
  if (posting.account_id !== operationVenue)
    throw broken("every row is booked to its operation's venue", posting);
  if (placeKeyOfRow === null) return;
  const place = places.get(placeKeyOfRow);
  if (!place) throw broken('a balance moved is one the batch locked', posting);
  if (place.account_id !== posting.account_id) {
    throw broken("a place is touched only while its device belongs to the row's venue", posting);
  }
}

/** Invariants 3 and 4 for one row, moving the running balances on. */
function moveBalance(posting: Posting, placeKeyOfRow: string | null, floats: Floats, places: Places): void {
  const after = posting.balance_after_cents ?? null;
  if (!BALANCE_LINES.has(posting.line)) {
    if (after !== null) throw broken('only a balance line carries a balance', posting);
    return;
  }
  if (after === null) throw broken('a balance line carries the balance it leaves', posting);
  if (posting.line === 'float') {
    const float = floats.get(posting.account_id);
    if (!float) throw broken('a balance moved is one the batch locked', posting);
    if (float.balance_cents + posting.amount_cents !== after)
      throw broken('balance after = before + amount', posting);
    if (after < -float.limit_cents) throw broken('no float below minus its limit', posting);
    float.balance_cents = after;
    return;
  }
  // A balance row that names no place moves no balance the batch locked.
  const place = placeKeyOfRow === null ? undefined : places.get(placeKeyOfRow);
  if (!place) throw broken('a balance moved is one the batch locked', posting);
  const field = posting.line === 'entries' ? 'entries_cents' : 'final_bonus_cents';
  if (place[field] + posting.amount_cents !== after) throw broken('balance after = before + amount', posting);
  if (after < 0) throw broken('no entries or final bonus below 0', posting);
  place[field] = after;
}

function broken(invariant: string, posting: Posting): LedgerInvariantBroken {
  const { trx, line, account_id, device_id, place, amount_cents, balance_after_cents } = posting;
  return new LedgerInvariantBroken(invariant, {
    trx,
    line,
    account_id,
    device_id,
    place,
    amount_cents,
    balance_after_cents,
  });
}

/** Invariant 5: what is written is where the rows left each balance, and every balance moved is written. */
function assertWritten<K, V>(
  running: Map<K, V>,
  before: Map<K, V>,
  written: Map<K, V>,
  value: (v: V) => unknown,
): void {
  for (const [key, v] of written) {
    const left = running.get(key);
    if (left === undefined || value(left) !== value(v)) {
      throw new LedgerInvariantBroken('the balances written are the ones the rows leave', {
        key,
        written: value(v),
        left: left === undefined ? null : value(left),
      });
    }
  }
  for (const [key, v] of running) {
    if (value(v) !== value(before.get(key)!) && !written.has(key)) {
      throw new LedgerInvariantBroken('every balance moved is written', { key, left: value(v) });
    }
  }
}
